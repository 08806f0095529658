#ifndef BEACON_CSQLITE_SHIM_H
#define BEACON_CSQLITE_SHIM_H

#include <sqlite3.h>

/// `sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on)`, which Swift cannot call (C variadic): whether SQLite counts the
/// memory it allocates (under a global mutex, at every allocation and free). Only before SQLite is initialized;
/// `SQLITE_MISUSE` (and nothing changed) after.
static inline int beacon_sqlite3_config_memstatus(int on) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on); }

#endif
