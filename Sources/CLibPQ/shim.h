#ifndef BEACON_CLIBPQ_SHIM_H
#define BEACON_CLIBPQ_SHIM_H

// libpq's declarations only: nothing is linked (no pkg-config, whose `-lpq` would make libpq a hard dependency of
// `beacon`). On Linux CLibPQLoader defines the functions and loads libpq on first use; on macOS BeaconPostgres
// links it. The header is where Debian (`libpq-dev`), most other systems, or Homebrew (keg-only) put it.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#elif __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#elif __has_include("/opt/homebrew/opt/libpq/include/libpq-fe.h")
#include "/opt/homebrew/opt/libpq/include/libpq-fe.h"
#else
#include "/usr/local/opt/libpq/include/libpq-fe.h"
#endif

#endif
