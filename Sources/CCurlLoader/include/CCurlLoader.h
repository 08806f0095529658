#ifndef BEACON_CCURLLOADER_H
#define BEACON_CCURLLOADER_H

/// Whether libcurl has been loaded into this process yet (Linux; always 1 elsewhere). Benchmarks and tests
/// use it to see that a session that never goes on the network never loads it.
int beacon_curl_is_loaded(void);

#endif
