#ifndef BEACON_CCURLLOADER_H
#define BEACON_CCURLLOADER_H

/// Loads libcurl unless it is loaded already; 1 when it is available (always 1 outside Linux). URLSessionTransport
/// asks before each request, so a system without libcurl gets a localized "cannot connect" (and offline
/// results) instead of the loader's last resort below.
int beacon_curl_load(void);

/// Whether libcurl has been loaded into this process yet (Linux; always 1 elsewhere). Benchmarks and tests
/// use it to see that a session that never goes on the network never loads it.
int beacon_curl_is_loaded(void);

#endif
