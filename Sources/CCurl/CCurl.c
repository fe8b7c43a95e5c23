#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of Debian's libcurl4 (OpenSSL flavour), the ABI the header describes.
#define LIBRARY "libcurl.so.4"

static struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  CURLcode (*easy_perform)(CURL *handle);
  const char *(*easy_strerror)(CURLcode code);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
  void (*slist_free_all)(struct curl_slist *list);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *multi);
  CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
  CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
  CURLMcode (*multi_perform)(CURLM *multi, int *running);
  CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd *extra, unsigned int count,
                          int timeout_ms, int *ready);
  CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
  const char *(*multi_strerror)(CURLMcode code);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "libcurl was not loaded";
static char failureText[512];

// Fills `*slot` with the address of `name` in `library`; false (and the reason) if absent.
static int resolve(void *library, const char *name, void *slot) {
  void *address = dlsym(library, name);
  if (address == NULL) {
    snprintf(failureText, sizeof failureText, "%s has no %s", LIBRARY, name);
    return 0;
  }
  *(void **)slot = address;
  return 1;
}

static void load(void) {
  // RTLD_LOCAL: libcurl's symbols stay out of the global scope, so they cannot interpose
  // anything of ours or of other libraries loaded later.
  void *library = dlopen(LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(failureText, sizeof failureText, "%s cannot be loaded (%s); install libcurl4",
             LIBRARY, why ? why : "unknown error");
    failure = failureText;
    return;
  }
  int ok = resolve(library, "curl_global_init", &curl.global_init) &&
           resolve(library, "curl_easy_init", &curl.easy_init) &&
           resolve(library, "curl_easy_cleanup", &curl.easy_cleanup) &&
           resolve(library, "curl_easy_perform", &curl.easy_perform) &&
           resolve(library, "curl_easy_strerror", &curl.easy_strerror) &&
           resolve(library, "curl_easy_setopt", &curl.easy_setopt) &&
           resolve(library, "curl_easy_getinfo", &curl.easy_getinfo) &&
           resolve(library, "curl_slist_append", &curl.slist_append) &&
           resolve(library, "curl_slist_free_all", &curl.slist_free_all) &&
           resolve(library, "curl_multi_init", &curl.multi_init) &&
           resolve(library, "curl_multi_cleanup", &curl.multi_cleanup) &&
           resolve(library, "curl_multi_setopt", &curl.multi_setopt) &&
           resolve(library, "curl_multi_add_handle", &curl.multi_add_handle) &&
           resolve(library, "curl_multi_remove_handle", &curl.multi_remove_handle) &&
           resolve(library, "curl_multi_perform", &curl.multi_perform) &&
           resolve(library, "curl_multi_poll", &curl.multi_poll) &&
           resolve(library, "curl_multi_info_read", &curl.multi_info_read) &&
           resolve(library, "curl_multi_strerror", &curl.multi_strerror);
  if (!ok) {
    failure = failureText;
    return;
  }
  // Not thread-safe in every libcurl version; here it runs once, under pthread_once.
  CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
  if (code != CURLE_OK) {
    snprintf(failureText, sizeof failureText, "libcurl could not be initialised: %s",
             curl.easy_strerror(code));
    failure = failureText;
    return;
  }
  failure = NULL;
}

const char *cooktimer_curl_load(void) {
  pthread_once(&once, load);
  return failure;
}

#define READY(otherwise)                                                                       \
  if (cooktimer_curl_load() != NULL) return otherwise

CURL *cooktimer_curl_easy_init(void) {
  READY(NULL);
  return curl.easy_init();
}

void cooktimer_curl_easy_cleanup(CURL *handle) {
  READY();
  curl.easy_cleanup(handle);
}

CURLcode cooktimer_curl_easy_perform(CURL *handle) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_perform(handle);
}

const char *cooktimer_curl_easy_strerror(CURLcode code) {
  READY(failure);
  return curl.easy_strerror(code);
}

CURLcode cooktimer_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_setopt(handle, option, value);
}

CURLcode cooktimer_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_setopt(handle, option, value);
}

CURLcode cooktimer_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_setopt(handle, option, value);
}

CURLcode cooktimer_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_setopt(handle, option, value);
}

CURLcode cooktimer_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_setopt(handle, option, value);
}

CURLcode cooktimer_curl_setopt_write_callback(CURL *handle, cooktimer_curl_data_callback value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, value);
}

CURLcode cooktimer_curl_setopt_header_callback(CURL *handle, cooktimer_curl_data_callback value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, value);
}

CURLcode cooktimer_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_getinfo(handle, info, value);
}

CURLcode cooktimer_curl_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  READY(CURLE_FAILED_INIT);
  return curl.easy_getinfo(handle, info, value);
}

struct curl_slist *cooktimer_curl_slist_append(struct curl_slist *list, const char *line) {
  READY(NULL);
  return curl.slist_append(list, line);
}

void cooktimer_curl_slist_free_all(struct curl_slist *list) {
  READY();
  curl.slist_free_all(list);
}

CURLM *cooktimer_curl_multi_init(void) {
  READY(NULL);
  return curl.multi_init();
}

CURLMcode cooktimer_curl_multi_cleanup(CURLM *multi) {
  READY(CURLM_INTERNAL_ERROR);
  return curl.multi_cleanup(multi);
}

CURLMcode cooktimer_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  READY(CURLM_INTERNAL_ERROR);
  return curl.multi_setopt(multi, option, value);
}

CURLMcode cooktimer_curl_multi_add_handle(CURLM *multi, CURL *handle) {
  READY(CURLM_INTERNAL_ERROR);
  return curl.multi_add_handle(multi, handle);
}

CURLMcode cooktimer_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
  READY(CURLM_INTERNAL_ERROR);
  return curl.multi_remove_handle(multi, handle);
}

CURLMcode cooktimer_curl_multi_perform(CURLM *multi, int *running) {
  READY(CURLM_INTERNAL_ERROR);
  return curl.multi_perform(multi, running);
}

CURLMcode cooktimer_curl_multi_poll(CURLM *multi, int timeout_ms, int *ready) {
  READY(CURLM_INTERNAL_ERROR);
  return curl.multi_poll(multi, NULL, 0, timeout_ms, ready);
}

CURLMsg *cooktimer_curl_multi_info_read(CURLM *multi, int *left) {
  READY(NULL);
  return curl.multi_info_read(multi, left);
}

const char *cooktimer_curl_multi_strerror(CURLMcode code) {
  READY(failure);
  return curl.multi_strerror(code);
}
