#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of Debian's libmicrohttpd12, the ABI the header describes.
#define LIBRARY "libmicrohttpd.so.12"

static struct {
  struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port,
                                     MHD_AcceptPolicyCallback apc, void *apc_cls,
                                     MHD_AccessHandlerCallback dh, void *dh_cls, ...);
  const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *daemon,
                                                 enum MHD_DaemonInfoType type, ...);
  const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *connection,
                                                         enum MHD_ConnectionInfoType type, ...);
  MHD_socket (*quiesce_daemon)(struct MHD_Daemon *daemon);
  void (*stop_daemon)(struct MHD_Daemon *daemon);
  const char *(*lookup_connection_value)(struct MHD_Connection *connection,
                                         enum MHD_ValueKind kind, const char *key);
  int (*get_connection_values)(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                               MHD_KeyValueIterator iterator, void *iterator_cls);
  void (*suspend_connection)(struct MHD_Connection *connection);
  void (*resume_connection)(struct MHD_Connection *connection);
  struct MHD_Response *(*create_response_from_buffer)(size_t size, void *buffer,
                                                      enum MHD_ResponseMemoryMode mode);
  struct MHD_Response *(*create_response_from_callback)(uint64_t size, size_t block_size,
                                                        MHD_ContentReaderCallback reader,
                                                        void *reader_cls,
                                                        MHD_ContentReaderFreeCallback free);
  enum MHD_Result (*add_response_header)(struct MHD_Response *response, const char *header,
                                         const char *content);
  enum MHD_Result (*queue_response)(struct MHD_Connection *connection, unsigned int status,
                                    struct MHD_Response *response);
  void (*destroy_response)(struct MHD_Response *response);
} mhd;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "libmicrohttpd was not loaded";
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
  // RTLD_LOCAL: its symbols stay out of the global scope, so they interpose nothing.
  void *library = dlopen(LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(failureText, sizeof failureText, "%s cannot be loaded (%s); install libmicrohttpd12",
             LIBRARY, why ? why : "unknown error");
    failure = failureText;
    return;
  }
  int ok = resolve(library, "MHD_start_daemon", &mhd.start_daemon) &&
           resolve(library, "MHD_get_daemon_info", &mhd.get_daemon_info) &&
           resolve(library, "MHD_get_connection_info", &mhd.get_connection_info) &&
           resolve(library, "MHD_quiesce_daemon", &mhd.quiesce_daemon) &&
           resolve(library, "MHD_stop_daemon", &mhd.stop_daemon) &&
           resolve(library, "MHD_lookup_connection_value", &mhd.lookup_connection_value) &&
           resolve(library, "MHD_get_connection_values", &mhd.get_connection_values) &&
           resolve(library, "MHD_suspend_connection", &mhd.suspend_connection) &&
           resolve(library, "MHD_resume_connection", &mhd.resume_connection) &&
           resolve(library, "MHD_create_response_from_buffer", &mhd.create_response_from_buffer) &&
           resolve(library, "MHD_create_response_from_callback",
                   &mhd.create_response_from_callback) &&
           resolve(library, "MHD_add_response_header", &mhd.add_response_header) &&
           resolve(library, "MHD_queue_response", &mhd.queue_response) &&
           resolve(library, "MHD_destroy_response", &mhd.destroy_response);
  failure = ok ? NULL : failureText;
}

const char *cooktimer_mhd_load(void) {
  pthread_once(&once, load);
  return failure;
}

#define READY(otherwise)                                                                       \
  if (cooktimer_mhd_load() != NULL) return otherwise

struct MHD_Daemon *cooktimer_mhd_start_daemon(
    unsigned int flags, const struct sockaddr *address, unsigned int thread_pool_size,
    unsigned int connection_timeout, unsigned int connection_limit,
    unsigned int per_ip_connection_limit, size_t memory_limit, MHD_AccessHandlerCallback handler,
    MHD_RequestCompletedCallback completed, cooktimer_mhd_uri_log_callback uri_log,
    MHD_NotifyConnectionCallback notify_connection, MHD_LogCallback logger,
    MHD_AcceptPolicyCallback accept_policy, void *context, const char *tls_key,
    const char *tls_cert) {
  READY(NULL);
  // TLS options only when asked for: an empty array (its first entry END) adds nothing.
  struct MHD_OptionItem tls[] = {
      {tls_key != NULL ? MHD_OPTION_HTTPS_MEM_KEY : MHD_OPTION_END, 0, (void *)tls_key},
      {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tls_cert},
      {MHD_OPTION_END, 0, NULL},
  };
  // The port argument is ignored when MHD_OPTION_SOCK_ADDR is given.
  return mhd.start_daemon(flags, 0, accept_policy, context, handler, context,
                          MHD_OPTION_ARRAY, tls,
                          MHD_OPTION_SOCK_ADDR, address,
                          MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                          MHD_OPTION_NOTIFY_CONNECTION, notify_connection, context,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                          MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
                          MHD_OPTION_EXTERNAL_LOGGER, logger, context,
                          MHD_OPTION_END);
}

uint16_t cooktimer_mhd_bound_port(struct MHD_Daemon *daemon) {
  READY(0);
  const union MHD_DaemonInfo *info = mhd.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

unsigned int cooktimer_mhd_current_connections(struct MHD_Daemon *daemon) {
  READY(0);
  const union MHD_DaemonInfo *info =
      mhd.get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return info == NULL ? 0 : info->num_connections;
}

const struct sockaddr *cooktimer_mhd_client_address(struct MHD_Connection *connection) {
  READY(NULL);
  const union MHD_ConnectionInfo *info =
      mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

int cooktimer_mhd_connection_socket(struct MHD_Connection *connection) {
  READY(-1);
  const union MHD_ConnectionInfo *info =
      mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

MHD_socket cooktimer_mhd_quiesce_daemon(struct MHD_Daemon *daemon) {
  READY(MHD_INVALID_SOCKET);
  return mhd.quiesce_daemon(daemon);
}

void cooktimer_mhd_stop_daemon(struct MHD_Daemon *daemon) {
  READY();
  mhd.stop_daemon(daemon);
}

const char *cooktimer_mhd_lookup_connection_value(struct MHD_Connection *connection,
                                                  enum MHD_ValueKind kind, const char *key) {
  READY(NULL);
  return mhd.lookup_connection_value(connection, kind, key);
}

int cooktimer_mhd_get_connection_values(struct MHD_Connection *connection,
                                        enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                                        void *iterator_cls) {
  READY(0);
  return mhd.get_connection_values(connection, kind, iterator, iterator_cls);
}

void cooktimer_mhd_suspend_connection(struct MHD_Connection *connection) {
  READY();
  mhd.suspend_connection(connection);
}

void cooktimer_mhd_resume_connection(struct MHD_Connection *connection) {
  READY();
  mhd.resume_connection(connection);
}

struct MHD_Response *cooktimer_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                               enum MHD_ResponseMemoryMode mode) {
  READY(NULL);
  return mhd.create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *cooktimer_mhd_create_response_from_callback(
    uint64_t size, size_t block_size, MHD_ContentReaderCallback reader, void *reader_cls,
    MHD_ContentReaderFreeCallback free_reader) {
  READY(NULL);
  return mhd.create_response_from_callback(size, block_size, reader, reader_cls, free_reader);
}

enum MHD_Result cooktimer_mhd_add_response_header(struct MHD_Response *response,
                                                  const char *header, const char *content) {
  READY(MHD_NO);
  return mhd.add_response_header(response, header, content);
}

enum MHD_Result cooktimer_mhd_queue_response(struct MHD_Connection *connection,
                                             unsigned int status_code,
                                             struct MHD_Response *response) {
  READY(MHD_NO);
  return mhd.queue_response(connection, status_code, response);
}

void cooktimer_mhd_destroy_response(struct MHD_Response *response) {
  READY();
  mhd.destroy_response(response);
}
