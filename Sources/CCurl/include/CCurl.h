// libcurl, loaded on first use: the types and constants are declared in CurlDeclarations.h
// (libcurl's own values; no -dev package needed), the functions from `libcurl.so.4` opened with dlopen by the first
// call below. Nothing links libcurl, so a command that never fetches or sends (`help`,
// `status`, the REPL) does not pay for loading it and its ~30 libraries.
//
// Every libcurl function the project calls goes through a `cooktimer_curl_*` wrapper: the
// names differ from libcurl's, so no symbol of ours can interpose one of libcurl's, and
// calling a `curl_*` function directly fails at link time. curl_easy_setopt,
// curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call; the typed
// wrappers pass each kind of argument the way libcurl's documentation asks for it.
#ifndef COOKTIMER_CCURL_H
#define COOKTIMER_CCURL_H

#include "CurlDeclarations.h"

/// Opens libcurl and runs `curl_global_init(CURL_GLOBAL_DEFAULT)`, once per process
/// (thread-safe). Returns NULL when libcurl is ready, else one line saying why not (the
/// library is missing, or lacks a function), valid for the life of the process. Every
/// wrapper below calls it; when it failed they return NULL or CURLE_FAILED_INIT /
/// CURLM_INTERNAL_ERROR.
const char *cooktimer_curl_load(void);

typedef size_t (*cooktimer_curl_data_callback)(char *data, size_t size, size_t count,
                                               void *context);

CURL *cooktimer_curl_easy_init(void);
void cooktimer_curl_easy_cleanup(CURL *handle);
CURLcode cooktimer_curl_easy_perform(CURL *handle);
const char *cooktimer_curl_easy_strerror(CURLcode code);

CURLcode cooktimer_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode cooktimer_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode cooktimer_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode cooktimer_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode cooktimer_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode cooktimer_curl_setopt_write_callback(CURL *handle, cooktimer_curl_data_callback value);
CURLcode cooktimer_curl_setopt_header_callback(CURL *handle, cooktimer_curl_data_callback value);
CURLcode cooktimer_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode cooktimer_curl_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

/// NULL (and `list` left to the caller) when libcurl is not loaded or out of memory.
struct curl_slist *cooktimer_curl_slist_append(struct curl_slist *list, const char *line);
void cooktimer_curl_slist_free_all(struct curl_slist *list);

CURLM *cooktimer_curl_multi_init(void);
CURLMcode cooktimer_curl_multi_cleanup(CURLM *multi);
CURLMcode cooktimer_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode cooktimer_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode cooktimer_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode cooktimer_curl_multi_perform(CURLM *multi, int *running);
CURLMcode cooktimer_curl_multi_poll(CURLM *multi, int timeout_ms, int *ready);
/// The next finished transfer's message, or NULL; `left` is how many remain queued.
CURLMsg *cooktimer_curl_multi_info_read(CURLM *multi, int *left);
const char *cooktimer_curl_multi_strerror(CURLMcode code);

#endif
