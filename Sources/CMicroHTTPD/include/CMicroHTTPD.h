// libmicrohttpd, loaded on first use: the types and constants are declared in
// MicroHTTPDDeclarations.h (its own values; no -dev package needed), the functions come from
// `libmicrohttpd.so.12` opened with dlopen by the first call below. Nothing links libmicrohttpd, so only `serve` (and the HTTP tests) pay
// for loading it and the TLS libraries it brings.
//
// Every function the server calls goes through a `cooktimer_mhd_*` wrapper: the names differ
// from libmicrohttpd's, so nothing of ours interposes one of its symbols, and calling an
// `MHD_*` function directly fails at link time. Swift cannot call C variadic functions, so
// the variadic entry points get typed wrappers.
#ifndef COOKTIMER_CMICROHTTPD_H
#define COOKTIMER_CMICROHTTPD_H

#include "MicroHTTPDDeclarations.h"

/// Opens libmicrohttpd, once per process (thread-safe). Returns NULL when it is ready, else
/// one line saying why not (missing, or lacking a function), valid for the life of the
/// process. Every wrapper below calls it; when it failed they return NULL, 0 or MHD_NO.
const char *cooktimer_mhd_load(void);

/// The URI log callback (MHD_OPTION_URI_LOG_CALLBACK): sees the raw request target before
/// libmicrohttpd unescapes it; its result becomes the request's first `*req_cls`.
typedef void *(*cooktimer_mhd_uri_log_callback)(void *cls, const char *uri,
                                                struct MHD_Connection *connection);

/// Starts a daemon listening on `address` (a sockaddr_in, or a sockaddr_in6 when `flags`
/// has MHD_USE_IPv6). `connection_timeout` is in seconds; a limit of 0 means none.
/// `memory_limit` is each connection's memory pool in bytes (MHD_OPTION_CONNECTION_MEMORY_LIMIT):
/// a request line or header block that does not fit is answered by libmicrohttpd itself.
/// `notify_connection` is called when a connection opens and when it closes, before its socket
/// is closed. `tls_key` and `tls_cert` (PEM text, both or neither; with MHD_USE_TLS in
/// `flags`) must stay valid until the daemon is stopped. `accept_policy` (or NULL) is asked
/// about each connection before it is accepted (MHD_AcceptPolicyCallback, `context` its
/// first argument).
struct MHD_Daemon *cooktimer_mhd_start_daemon(
    unsigned int flags, const struct sockaddr *address, unsigned int thread_pool_size,
    unsigned int connection_timeout, unsigned int connection_limit,
    unsigned int per_ip_connection_limit, size_t memory_limit, MHD_AccessHandlerCallback handler,
    MHD_RequestCompletedCallback completed, cooktimer_mhd_uri_log_callback uri_log,
    MHD_NotifyConnectionCallback notify_connection, MHD_LogCallback logger,
    MHD_AcceptPolicyCallback accept_policy, void *context, const char *tls_key,
    const char *tls_cert);

/// The port the daemon listens on (the real one when it was started on port 0); 0 if unknown.
uint16_t cooktimer_mhd_bound_port(struct MHD_Daemon *daemon);

/// The number of open connections (idle keep-alive ones included).
unsigned int cooktimer_mhd_current_connections(struct MHD_Daemon *daemon);

/// The peer's address, or NULL.
const struct sockaddr *cooktimer_mhd_client_address(struct MHD_Connection *connection);

/// The connection's socket, or -1. It stays open until after the close notification.
int cooktimer_mhd_connection_socket(struct MHD_Connection *connection);

MHD_socket cooktimer_mhd_quiesce_daemon(struct MHD_Daemon *daemon);
void cooktimer_mhd_stop_daemon(struct MHD_Daemon *daemon);

const char *cooktimer_mhd_lookup_connection_value(struct MHD_Connection *connection,
                                                  enum MHD_ValueKind kind, const char *key);
int cooktimer_mhd_get_connection_values(struct MHD_Connection *connection,
                                        enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                                        void *iterator_cls);
void cooktimer_mhd_suspend_connection(struct MHD_Connection *connection);
void cooktimer_mhd_resume_connection(struct MHD_Connection *connection);

struct MHD_Response *cooktimer_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                               enum MHD_ResponseMemoryMode mode);
struct MHD_Response *cooktimer_mhd_create_response_from_callback(
    uint64_t size, size_t block_size, MHD_ContentReaderCallback reader, void *reader_cls,
    MHD_ContentReaderFreeCallback free_reader);
enum MHD_Result cooktimer_mhd_add_response_header(struct MHD_Response *response,
                                                  const char *header, const char *content);
enum MHD_Result cooktimer_mhd_queue_response(struct MHD_Connection *connection,
                                             unsigned int status_code,
                                             struct MHD_Response *response);
void cooktimer_mhd_destroy_response(struct MHD_Response *response);

// Macros with casts that Swift does not import.
static const ssize_t cooktimer_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t cooktimer_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
static const uint64_t cooktimer_mhd_size_unknown = MHD_SIZE_UNKNOWN;

#endif
