// microhttpd.h uses size_t, ssize_t, va_list, fd_set and struct sockaddr without including
// their headers.
#include <stdarg.h>
#include <stdint.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

// Swift cannot call C variadic functions, so every variadic libmicrohttpd entry point the
// server needs gets a typed wrapper here.

/// The URI log callback (MHD_OPTION_URI_LOG_CALLBACK): sees the raw request target before
/// libmicrohttpd unescapes it; its result becomes the request's first `*req_cls`.
typedef void *(*cooktimer_mhd_uri_log_callback)(void *cls, const char *uri,
                                                struct MHD_Connection *connection);

/// Starts a daemon listening on `address` (a sockaddr_in, or a sockaddr_in6 when `flags`
/// has MHD_USE_IPv6). `connection_timeout` is in seconds; a limit of 0 means none.
static inline struct MHD_Daemon *cooktimer_mhd_start_daemon(
    unsigned int flags, const struct sockaddr *address, unsigned int thread_pool_size,
    unsigned int connection_timeout, unsigned int connection_limit,
    unsigned int per_ip_connection_limit, MHD_AccessHandlerCallback handler,
    MHD_RequestCompletedCallback completed, cooktimer_mhd_uri_log_callback uri_log,
    MHD_LogCallback logger, void *context) {
  // The port argument is ignored when MHD_OPTION_SOCK_ADDR is given.
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                          MHD_OPTION_SOCK_ADDR, address,
                          MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                          MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
                          MHD_OPTION_EXTERNAL_LOGGER, logger, context,
                          MHD_OPTION_END);
}

/// The port the daemon listens on (the real one when it was started on port 0); 0 if unknown.
static inline uint16_t cooktimer_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The number of open connections (idle keep-alive ones included).
static inline unsigned int cooktimer_mhd_current_connections(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return info == NULL ? 0 : info->num_connections;
}

/// The peer's address, or NULL.
static inline const struct sockaddr *cooktimer_mhd_client_address(
    struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

// Macros with casts that Swift does not import.
static const ssize_t cooktimer_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t cooktimer_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
static const uint64_t cooktimer_mhd_size_unknown = MHD_SIZE_UNKNOWN;
