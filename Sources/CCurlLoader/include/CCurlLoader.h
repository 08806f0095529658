#ifndef BEACON_CCURLLOADER_H
#define BEACON_CCURLLOADER_H

/// Loads libcurl unless it is loaded already; 1 when it is available (always 1 outside Linux). URLSessionTransport
/// asks before each request, so a system without libcurl gets a localized "cannot connect" (and offline
/// results) instead of the loader's last resort (an abort naming libcurl).
int beacon_curl_load(void);

#endif
