// Loads libcurl on first use instead of at start-up (Linux only).
//
// FoundationNetworking (URLSession on Linux) calls libcurl. Linked normally, libcurl and the ~30 libraries it
// needs (OpenSSL, GnuTLS, Kerberos, LDAP, ...) are loaded and relocated before `main`, in every run: most of
// Beacon's start-up time and ~6 MB of its memory, though an offline session never makes a request. This file
// defines every libcurl function FoundationNetworking calls; each looks the real one up in libcurl, opened
// with dlopen the first time any of them is called. Package.swift turns off the `-lcurl` autolink entry, so libcurl
// stays out of the binary's DT_NEEDED list (see README "Install" for what is left).
//
// The variadic setters pass their one argument on as a pointer-sized value: every option type libcurl takes
// there (long, curl_off_t, pointers, function pointers) is one 64-bit integer-class argument on the 64-bit
// System V and AAPCS64 ABIs that Linux uses.
#include "CCurlLoader.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

static void loadLibrary(void) {
  static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
  for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
    library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
  }
}

int beacon_curl_load(void) {
  pthread_once(&loadOnce, loadLibrary);
  return library != NULL;
}

static void *lookUp(const char *name) {
  pthread_once(&loadOnce, loadLibrary);
  void *function = library != NULL ? dlsym(library, name) : NULL;
  if (function == NULL) {
    // The last resort: URLSessionTransport checks beacon_curl_load() before every request, so only a libcurl
    // without one of these functions gets here, and FoundationNetworking does not expect these calls to fail.
    fprintf(stderr,
            "beacon: network access needs libcurl (libcurl.so.4), which could not be loaded (%s): "
            "install libcurl4 (Debian/Ubuntu) or libcurl (other systems), or use --offline\n",
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

#define FORWARD_VARIADIC(result, name, handleType, optionType)                                                 \
  result name(handleType handle, optionType option, ...) {                                                     \
    static result (*slot)(handleType, optionType, ...);                                                        \
    result (*real)(handleType, optionType, ...) = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);                    \
    if (real == NULL) {                                                                                        \
      real = (result(*)(handleType, optionType, ...))lookUp(#name);                                            \
      __atomic_store_n(&slot, real, __ATOMIC_RELEASE);                                                         \
    }                                                                                                          \
    va_list arguments;                                                                                         \
    va_start(arguments, option);                                                                               \
    void *value = va_arg(arguments, void *);                                                                   \
    va_end(arguments);                                                                                         \
    return real(handle, option, value);                                                                        \
  }

// libcurl's types, as the ABI sees them: handles are pointers, enums and codes are int.
FORWARD(int, curl_global_init, (long flags), (flags))
FORWARD(void *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (void *handle), (handle))
FORWARD(int, curl_easy_pause, (void *handle, int mask), (handle, mask))
FORWARD(const char *, curl_easy_strerror, (int code), (code))
FORWARD_VARIADIC(int, curl_easy_setopt, void *, int)
FORWARD_VARIADIC(int, curl_easy_getinfo, void *, int)
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(void *, curl_multi_init, (void), ())
FORWARD(int, curl_multi_cleanup, (void *multi), (multi))
FORWARD(int, curl_multi_add_handle, (void *multi, void *handle), (multi, handle))
FORWARD(int, curl_multi_remove_handle, (void *multi, void *handle), (multi, handle))
FORWARD(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
FORWARD(void *, curl_multi_info_read, (void *multi, int *remaining), (multi, remaining))
FORWARD(int, curl_multi_socket_action, (void *multi, int socket, int mask, int *running),
        (multi, socket, mask, running))
FORWARD_VARIADIC(int, curl_multi_setopt, void *, int)
FORWARD(void *, curl_slist_append, (void *list, const char *text), (list, text))
FORWARD_VOID(curl_slist_free_all, (void *list), (list))
FORWARD(void *, curl_url, (void), ())
FORWARD(int, curl_url_get, (void *url, int part, char **value, unsigned int flags), (url, part, value, flags))
FORWARD(int, curl_url_set, (void *url, int part, const char *value, unsigned int flags), (url, part, value, flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(void *, curl_version_info, (int age), (age))

#else
int beacon_curl_load(void) { return 1; }
#endif
