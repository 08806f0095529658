// Loads libpq on first use instead of at start-up (Linux only), as CCurlLoader does for libcurl.
//
// BeaconPostgres calls libpq. Linked normally, libpq (and the TLS, Kerberos and LDAP libraries it needs) would be
// a hard dependency of `beacon`: the portable binary would not start where libpq is not installed, though only a
// `--store postgresql://…` session uses it. This file defines every libpq function BeaconPostgres calls; each looks
// the real one up in libpq, opened with dlopen the first time any of them is called. CLibPQ's module map links
// nothing on Linux, so libpq stays out of the binary's DT_NEEDED list.
#include "CLibPQLoader.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

// BEACON_LIBPQ names the library file to load instead of searching for libpq.so.5 and libpq.so: a libpq outside the
// dynamic linker's search path, or (the end-to-end tests) a file that does not exist, as on a machine without libpq.
static const char *chosenLibrary(void) {
  const char *chosen = getenv("BEACON_LIBPQ");
  return chosen != NULL && chosen[0] != '\0' ? chosen : NULL;
}

const char *beacon_pq_library(void) {
  const char *chosen = chosenLibrary();
  return chosen != NULL ? chosen : "libpq.so.5";
}

static void loadLibrary(void) {
  const char *chosen = chosenLibrary();
  if (chosen != NULL) {
    library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    return;
  }
  static const char *const names[] = {"libpq.so.5", "libpq.so"};
  for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
    library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
  }
}

int beacon_pq_load(void) {
  pthread_once(&loadOnce, loadLibrary);
  return library != NULL;
}

static void *lookUp(const char *name) {
  pthread_once(&loadOnce, loadLibrary);
  void *function = library != NULL ? dlsym(library, name) : NULL;
  if (function == NULL) {
    // The last resort: PostgresConnection checks beacon_pq_load() before it connects, so only a libpq without one
    // of these functions gets here.
    fprintf(stderr,
            "beacon: a PostgreSQL store needs libpq (libpq.so.5), which could not be loaded (%s): install libpq5 "
            "(Debian/Ubuntu) or libpq (other systems), or use a SQLite store\n",
            library == NULL ? "not found" : name);
    abort();
  }
  return function;
}

// Each forwarder keeps the looked-up function in an atomic slot (threads may race to fill it; all store the same
// value).
#define FORWARD(result, name, parameters, arguments)                                                           \
  result name parameters {                                                                                     \
    static result(*slot) parameters;                                                                           \
    result(*real) parameters = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);                                       \
    if (real == NULL) {                                                                                        \
      real = (result(*) parameters)lookUp(#name);                                                              \
      __atomic_store_n(&slot, real, __ATOMIC_RELEASE);                                                         \
    }                                                                                                          \
    return real arguments;                                                                                     \
  }

#define FORWARD_VOID(name, parameters, arguments)                                                              \
  void name parameters {                                                                                       \
    static void(*slot) parameters;                                                                             \
    void(*real) parameters = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);                                         \
    if (real == NULL) {                                                                                        \
      real = (void(*) parameters)lookUp(#name);                                                                \
      __atomic_store_n(&slot, real, __ATOMIC_RELEASE);                                                         \
    }                                                                                                          \
    real arguments;                                                                                            \
  }

// libpq's types, as the ABI sees them: connections, results and option arrays are pointers, enums are int, Oid is
// unsigned int.
FORWARD(void *, PQconnectdb, (const char *info), (info))
FORWARD_VOID(PQfinish, (void *connection), (connection))
FORWARD_VOID(PQreset, (void *connection), (connection))
FORWARD(int, PQstatus, (const void *connection), (connection))
FORWARD(char *, PQerrorMessage, (const void *connection), (connection))
FORWARD(int, PQbackendPID, (const void *connection), (connection))
FORWARD(char *, PQpass, (const void *connection), (connection))
FORWARD(void *, PQsetNoticeProcessor, (void *connection, void *processor, void *argument),
        (connection, processor, argument))
FORWARD(void *, PQexecParams,
        (void *connection, const char *command, int count, const unsigned int *types, const char *const *values,
         const int *lengths, const int *formats, int resultFormat),
        (connection, command, count, types, values, lengths, formats, resultFormat))
FORWARD(int, PQresultStatus, (const void *result), (result))
FORWARD(char *, PQresultErrorMessage, (const void *result), (result))
FORWARD(char *, PQresultErrorField, (const void *result, int field), (result, field))
FORWARD(int, PQntuples, (const void *result), (result))
FORWARD(int, PQnfields, (const void *result), (result))
FORWARD(char *, PQgetvalue, (const void *result, int row, int column), (result, row, column))
FORWARD(int, PQgetisnull, (const void *result, int row, int column), (result, row, column))
FORWARD_VOID(PQclear, (void *result), (result))
FORWARD(void *, PQconninfoParse, (const char *info, char **error), (info, error))
FORWARD_VOID(PQconninfoFree, (void *options), (options))
FORWARD_VOID(PQfreemem, (void *pointer), (pointer))
FORWARD(int, PQputCopyData, (void *connection, const char *buffer, int count), (connection, buffer, count))
FORWARD(int, PQputCopyEnd, (void *connection, const char *error), (connection, error))
FORWARD(void *, PQgetResult, (void *connection), (connection))

#else

int beacon_pq_load(void) { return 1; }

const char *beacon_pq_library(void) { return "libpq"; }

#endif
