#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call; these typed
// wrappers pass each kind of argument the way libcurl's documentation asks for it.

typedef size_t (*cooktimer_curl_data_callback)(char *data, size_t size, size_t count,
                                               void *context);

static inline CURLcode cooktimer_curl_global_init(void) {
  return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode cooktimer_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cooktimer_curl_setopt_off(CURL *handle, CURLoption option,
                                                 curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cooktimer_curl_setopt_string(CURL *handle, CURLoption option,
                                                    const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cooktimer_curl_setopt_pointer(CURL *handle, CURLoption option,
                                                     void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cooktimer_curl_setopt_slist(CURL *handle, CURLoption option,
                                                   struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cooktimer_curl_setopt_write_callback(CURL *handle,
                                                            cooktimer_curl_data_callback value) {
  return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, value);
}

static inline CURLcode cooktimer_curl_setopt_header_callback(CURL *handle,
                                                             cooktimer_curl_data_callback value) {
  return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, value);
}

static inline CURLcode cooktimer_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
