// The part of libmicrohttpd's ABI that cooktimer uses, declared here instead of including
// <microhttpd.h>: the library is opened with dlopen when a server first starts
// (CMicroHTTPD.c), so building needs no -dev package (docs/architecture.md §1). Names, shapes
// and values are libmicrohttpd's own (microhttpd.h of 0.9.75, Debian 12; the enums in full,
// with the same closed-enum attribute, so Swift imports them exactly as from the real header).
// `.ci/check-c-declarations` compiles these against the real header where it is installed and
// fails on any difference.
#ifndef COOKTIMER_MICROHTTPD_DECLARATIONS_H
#define COOKTIMER_MICROHTTPD_DECLARATIONS_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>

#if defined(__has_attribute) && __has_attribute(enum_extensibility)
#define COOKTIMER_MHD_CLOSED __attribute__((enum_extensibility(closed)))
#else
#define COOKTIMER_MHD_CLOSED
#endif

typedef int MHD_socket;
#define MHD_INVALID_SOCKET (-1)
#define MHD_CONTENT_READER_END_OF_STREAM ((ssize_t)-1)
#define MHD_CONTENT_READER_END_WITH_ERROR ((ssize_t)-2)
#define MHD_SIZE_UNKNOWN ((uint64_t)-1LL)

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

enum MHD_Result {
  MHD_NO = 0,
  MHD_YES = 1,
} COOKTIMER_MHD_CLOSED;

enum MHD_FLAG {
  MHD_NO_FLAG = 0,
  MHD_USE_ERROR_LOG = 1,
  MHD_USE_DEBUG = 1,
  MHD_USE_TLS = 2,
  MHD_USE_SSL = 2,
  MHD_USE_THREAD_PER_CONNECTION = 4,
  MHD_USE_INTERNAL_POLLING_THREAD = 8,
  MHD_USE_SELECT_INTERNALLY = 8,
  MHD_USE_IPv6 = 16,
  MHD_USE_PEDANTIC_CHECKS = 32,
  MHD_USE_POLL = 64,
  MHD_USE_POLL_INTERNAL_THREAD = 72,
  MHD_USE_POLL_INTERNALLY = 72,
  MHD_USE_SUPPRESS_DATE_NO_CLOCK = 128,
  MHD_SUPPRESS_DATE_NO_CLOCK = 128,
  MHD_USE_NO_LISTEN_SOCKET = 256,
  MHD_USE_EPOLL = 512,
  MHD_USE_EPOLL_LINUX_ONLY = 512,
  MHD_USE_EPOLL_INTERNAL_THREAD = 520,
  MHD_USE_EPOLL_INTERNALLY = 520,
  MHD_USE_EPOLL_INTERNALLY_LINUX_ONLY = 520,
  MHD_USE_ITC = 1024,
  MHD_USE_PIPE_FOR_SHUTDOWN = 1024,
  MHD_USE_DUAL_STACK = 2064,
  MHD_USE_TURBO = 4096,
  MHD_USE_EPOLL_TURBO = 4096,
  MHD_ALLOW_SUSPEND_RESUME = 0x2400,
  MHD_USE_SUSPEND_RESUME = 0x2400,
  MHD_USE_TCP_FASTOPEN = 0x4000,
  MHD_ALLOW_UPGRADE = 0x8000,
  MHD_USE_AUTO = 0x10000,
  MHD_USE_AUTO_INTERNAL_THREAD = 0x10008,
  MHD_USE_POST_HANDSHAKE_AUTH_SUPPORT = 0x20000,
  MHD_USE_INSECURE_TLS_EARLY_DATA = 0x40000,
};

enum MHD_OPTION {
  MHD_OPTION_END = 0,
  MHD_OPTION_CONNECTION_MEMORY_LIMIT = 1,
  MHD_OPTION_CONNECTION_LIMIT = 2,
  MHD_OPTION_CONNECTION_TIMEOUT = 3,
  MHD_OPTION_NOTIFY_COMPLETED = 4,
  MHD_OPTION_PER_IP_CONNECTION_LIMIT = 5,
  MHD_OPTION_SOCK_ADDR = 6,
  MHD_OPTION_URI_LOG_CALLBACK = 7,
  MHD_OPTION_HTTPS_MEM_KEY = 8,
  MHD_OPTION_HTTPS_MEM_CERT = 9,
  MHD_OPTION_HTTPS_CRED_TYPE = 10,
  MHD_OPTION_HTTPS_PRIORITIES = 11,
  MHD_OPTION_LISTEN_SOCKET = 12,
  MHD_OPTION_EXTERNAL_LOGGER = 13,
  MHD_OPTION_THREAD_POOL_SIZE = 14,
  MHD_OPTION_ARRAY = 15,
  MHD_OPTION_UNESCAPE_CALLBACK = 16,
  MHD_OPTION_DIGEST_AUTH_RANDOM = 17,
  MHD_OPTION_NONCE_NC_SIZE = 18,
  MHD_OPTION_THREAD_STACK_SIZE = 19,
  MHD_OPTION_HTTPS_MEM_TRUST = 20,
  MHD_OPTION_CONNECTION_MEMORY_INCREMENT = 21,
  MHD_OPTION_HTTPS_CERT_CALLBACK = 22,
  MHD_OPTION_TCP_FASTOPEN_QUEUE_SIZE = 23,
  MHD_OPTION_HTTPS_MEM_DHPARAMS = 24,
  MHD_OPTION_LISTENING_ADDRESS_REUSE = 25,
  MHD_OPTION_HTTPS_KEY_PASSWORD = 26,
  MHD_OPTION_NOTIFY_CONNECTION = 27,
  MHD_OPTION_LISTEN_BACKLOG_SIZE = 28,
  MHD_OPTION_STRICT_FOR_CLIENT = 29,
  MHD_OPTION_GNUTLS_PSK_CRED_HANDLER = 30,
  MHD_OPTION_HTTPS_CERT_CALLBACK2 = 31,
  MHD_OPTION_SERVER_INSANITY = 32,
  MHD_OPTION_SIGPIPE_HANDLED_BY_APP = 33,
  MHD_OPTION_TLS_NO_ALPN = 34,
} COOKTIMER_MHD_CLOSED;

enum MHD_ValueKind {
  MHD_RESPONSE_HEADER_KIND = 0,
  MHD_HEADER_KIND = 1,
  MHD_COOKIE_KIND = 2,
  MHD_POSTDATA_KIND = 4,
  MHD_GET_ARGUMENT_KIND = 8,
  MHD_FOOTER_KIND = 16,
} COOKTIMER_MHD_CLOSED;

enum MHD_RequestTerminationCode {
  MHD_REQUEST_TERMINATED_COMPLETED_OK = 0,
  MHD_REQUEST_TERMINATED_WITH_ERROR = 1,
  MHD_REQUEST_TERMINATED_TIMEOUT_REACHED = 2,
  MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN = 3,
  MHD_REQUEST_TERMINATED_READ_ERROR = 4,
  MHD_REQUEST_TERMINATED_CLIENT_ABORT = 5,
} COOKTIMER_MHD_CLOSED;

enum MHD_ResponseMemoryMode {
  MHD_RESPMEM_PERSISTENT = 0,
  MHD_RESPMEM_MUST_FREE = 1,
  MHD_RESPMEM_MUST_COPY = 2,
} COOKTIMER_MHD_CLOSED;

enum MHD_ConnectionInfoType {
  MHD_CONNECTION_INFO_CIPHER_ALGO = 0,
  MHD_CONNECTION_INFO_PROTOCOL = 1,
  MHD_CONNECTION_INFO_CLIENT_ADDRESS = 2,
  MHD_CONNECTION_INFO_GNUTLS_SESSION = 3,
  MHD_CONNECTION_INFO_GNUTLS_CLIENT_CERT = 4,
  MHD_CONNECTION_INFO_DAEMON = 5,
  MHD_CONNECTION_INFO_CONNECTION_FD = 6,
  MHD_CONNECTION_INFO_SOCKET_CONTEXT = 7,
  MHD_CONNECTION_INFO_CONNECTION_SUSPENDED = 8,
  MHD_CONNECTION_INFO_CONNECTION_TIMEOUT = 9,
  MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE = 10,
  MHD_CONNECTION_INFO_HTTP_STATUS = 11,
} COOKTIMER_MHD_CLOSED;

enum MHD_DaemonInfoType {
  MHD_DAEMON_INFO_KEY_SIZE = 0,
  MHD_DAEMON_INFO_MAC_KEY_SIZE = 1,
  MHD_DAEMON_INFO_LISTEN_FD = 2,
  MHD_DAEMON_INFO_EPOLL_FD_LINUX_ONLY = 3,
  MHD_DAEMON_INFO_EPOLL_FD = 3,
  MHD_DAEMON_INFO_CURRENT_CONNECTIONS = 4,
  MHD_DAEMON_INFO_FLAGS = 5,
  MHD_DAEMON_INFO_BIND_PORT = 6,
} COOKTIMER_MHD_CLOSED;
enum MHD_ConnectionNotificationCode {
  MHD_CONNECTION_NOTIFY_STARTED = 0,
  MHD_CONNECTION_NOTIFY_CLOSED = 1,
} COOKTIMER_MHD_CLOSED;

union MHD_ConnectionInfo {
  int cipher_algorithm;
  int protocol;
  int suspended;
  unsigned int connection_timeout;
  unsigned int http_status;
  MHD_socket connect_fd;
  size_t header_size;
  void *tls_session;
  void *client_cert;
  struct sockaddr *client_addr;
  struct MHD_Daemon *daemon;
  void *socket_context;
};

/// One entry of MHD_OPTION_ARRAY (microhttpd.h `struct MHD_OptionItem`): the TLS key and
/// certificate are passed this way, only when a server asks for TLS.
struct MHD_OptionItem {
  enum MHD_OPTION option;
  intptr_t value;
  void *ptr_value;
};

union MHD_DaemonInfo {
  size_t key_size;
  size_t mac_key_size;
  MHD_socket listen_fd;
  uint16_t port;
  int epoll_fd;
  unsigned int num_connections;
  enum MHD_FLAG flags;
};

typedef void (*MHD_LogCallback)(void *cls, const char *fm, va_list ap);
typedef enum MHD_Result (*MHD_AcceptPolicyCallback)(void *cls, const struct sockaddr *addr,
                                                    socklen_t addrlen);
typedef enum MHD_Result (*MHD_AccessHandlerCallback)(void *cls, struct MHD_Connection *connection,
                                                     const char *url, const char *method,
                                                     const char *version, const char *upload_data,
                                                     size_t *upload_data_size, void **con_cls);
typedef void (*MHD_RequestCompletedCallback)(void *cls, struct MHD_Connection *connection,
                                             void **con_cls, enum MHD_RequestTerminationCode toe);
typedef enum MHD_Result (*MHD_KeyValueIterator)(void *cls, enum MHD_ValueKind kind,
                                                const char *key, const char *value);
typedef void (*MHD_NotifyConnectionCallback)(void *cls, struct MHD_Connection *connection,
                                             void **socket_context,
                                             enum MHD_ConnectionNotificationCode toe);
typedef ssize_t (*MHD_ContentReaderCallback)(void *cls, uint64_t pos, char *buf, size_t max);
typedef void (*MHD_ContentReaderFreeCallback)(void *cls);

#endif
