// The part of libcurl's ABI that cooktimer uses, declared here instead of including
// <curl/curl.h>: libcurl is opened with dlopen on first use (CCurl.c), so building needs no
// -dev package (docs/architecture.md §1). Names, shapes and values are libcurl's own (curl.h
// and system.h of 7.88, Debian 12; option and error numbers are fixed for the life of the
// libcurl 4 ABI: https://curl.se/libcurl/abi.html). `.ci/check-c-declarations` compiles these
// against the real header where it is installed and fails on any difference.
#ifndef COOKTIMER_CURL_DECLARATIONS_H
#define COOKTIMER_CURL_DECLARATIONS_H

#include <stddef.h>

typedef void CURL;
typedef void CURLM;
typedef long curl_off_t;

#define CURL_ERROR_SIZE 256
#define CURL_GLOBAL_DEFAULT 3L
#define CURLPIPE_MULTIPLEX 2L

typedef enum {
  CURLE_OK = 0,
  CURLE_FAILED_INIT = 2,
  CURLE_WRITE_ERROR = 23,
  CURLE_SSL_CONNECT_ERROR = 35,
  CURLE_SSL_CERTPROBLEM = 58,
  CURLE_PEER_FAILED_VERIFICATION = 60,
  CURLE_FILESIZE_EXCEEDED = 63,
  CURLE_SSL_CACERT_BADFILE = 77,
} CURLcode;

// CURLOPTTYPE_LONG + n = n, OBJECTPOINT/STRINGPOINT/SLISTPOINT + n = 10000 + n,
// FUNCTIONPOINT + n = 20000 + n, OFF_T + n = 30000 + n.
typedef enum {
  CURLOPT_WRITEDATA = 10001,
  CURLOPT_URL = 10002,
  CURLOPT_ERRORBUFFER = 10010,
  CURLOPT_WRITEFUNCTION = 20011,
  CURLOPT_USERAGENT = 10018,
  CURLOPT_HTTPHEADER = 10023,
  CURLOPT_HEADERDATA = 10029,
  CURLOPT_POST = 47,
  CURLOPT_FOLLOWLOCATION = 52,
  CURLOPT_CAINFO = 10065,
  CURLOPT_MAXREDIRS = 68,
  CURLOPT_HEADERFUNCTION = 20079,
  CURLOPT_HTTP_VERSION = 84,
  CURLOPT_BUFFERSIZE = 98,
  CURLOPT_NOSIGNAL = 99,
  CURLOPT_ACCEPT_ENCODING = 10102,
  CURLOPT_MAXFILESIZE_LARGE = 30117,
  CURLOPT_POSTFIELDSIZE_LARGE = 30120,
  CURLOPT_TIMEOUT_MS = 155,
  CURLOPT_CONNECTTIMEOUT_MS = 156,
  CURLOPT_COPYPOSTFIELDS = 10165,
  CURLOPT_TCP_KEEPALIVE = 213,
  CURLOPT_PIPEWAIT = 237,
  CURLOPT_UPLOAD_BUFFERSIZE = 280,
  CURLOPT_MAXAGE_CONN = 288,
  CURLOPT_PROTOCOLS_STR = 10318,
  CURLOPT_REDIR_PROTOCOLS_STR = 10319,
} CURLoption;

// CURLINFO_STRING (0x100000) + n, CURLINFO_LONG (0x200000) + n.
typedef enum {
  CURLINFO_CONTENT_TYPE = 0x100000 + 18,
  CURLINFO_RESPONSE_CODE = 0x200000 + 2,
  CURLINFO_HTTP_VERSION = 0x200000 + 46,
} CURLINFO;

enum {
  CURL_HTTP_VERSION_NONE = 0,
  CURL_HTTP_VERSION_1_0 = 1,
  CURL_HTTP_VERSION_1_1 = 2,
  CURL_HTTP_VERSION_2_0 = 3,
  CURL_HTTP_VERSION_2TLS = 4,
  CURL_HTTP_VERSION_3 = 30,
};

struct curl_slist {
  char *data;
  struct curl_slist *next;
};

/// Passed as NULL only (no extra file descriptors to wait on).
struct curl_waitfd;

typedef enum {
  CURLM_OK = 0,
  CURLM_INTERNAL_ERROR = 4,
} CURLMcode;

typedef enum {
  CURLMOPT_PIPELINING = 3,
  CURLMOPT_MAX_HOST_CONNECTIONS = 7,
  CURLMOPT_MAX_CONCURRENT_STREAMS = 16,
} CURLMoption;

typedef enum {
  CURLMSG_NONE = 0,
  CURLMSG_DONE = 1,
} CURLMSG;

struct CURLMsg {
  CURLMSG msg;
  CURL *easy_handle;
  union {
    void *whatever;
    CURLcode result;
  } data;
};
typedef struct CURLMsg CURLMsg;

#endif
