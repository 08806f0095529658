#ifndef BEACON_CLIBPQLOADER_H
#define BEACON_CLIBPQLOADER_H

/// Loads libpq unless it is loaded already; 1 when it is available (always 1 outside Linux). PostgresConnection asks
/// before it connects, so a system without libpq gets a localized "cannot open the store" instead of the loader's
/// last resort (an abort naming libpq), and a SQLite user never needs libpq at all.
int beacon_pq_load(void);

/// The library file Beacon loads: `BEACON_LIBPQ` when set (a path, or a name the dynamic linker searches for), else
/// "libpq.so.5". Only for messages; outside Linux "libpq".
const char *beacon_pq_library(void);

#endif
