#include "CPostgreSQL.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

// The soname of Debian's libpq5, the ABI the header describes.
#define LIBRARY "libpq.so.5"

typedef void (*NoticeProcessor)(void *arg, const char *message);

static struct {
  PGconn *(*connectdb)(const char *);
  PQconninfoOption *(*conninfo_parse)(const char *, char **);
  void (*conninfo_free)(PQconninfoOption *);
  ConnStatusType (*status)(const PGconn *);
  char *(*error_message)(const PGconn *);
  void (*finish)(PGconn *);
  void (*reset)(PGconn *);
  PGTransactionStatusType (*transaction_status)(const PGconn *);
  int (*backend_pid)(const PGconn *);
  NoticeProcessor (*set_notice_processor)(PGconn *, NoticeProcessor, void *);
  PGresult *(*exec)(PGconn *, const char *);
  PGresult *(*exec_params)(PGconn *, const char *, int, const Oid *, const char *const *,
                           const int *, const int *, int);
  PGresult *(*prepare)(PGconn *, const char *, const char *, int, const Oid *);
  PGresult *(*exec_prepared)(PGconn *, const char *, int, const char *const *, const int *,
                             const int *, int);
  int (*send_query)(PGconn *, const char *);
  PGresult *(*get_result)(PGconn *);
  int (*enter_pipeline_mode)(PGconn *);
  int (*exit_pipeline_mode)(PGconn *);
  int (*pipeline_sync)(PGconn *);
  int (*send_query_params)(PGconn *, const char *, int, const Oid *, const char *const *,
                           const int *, const int *, int);
  int (*send_query_prepared)(PGconn *, const char *, int, const char *const *, const int *,
                             const int *, int);
  ExecStatusType (*result_status)(const PGresult *);
  char *(*result_error_message)(const PGresult *);
  char *(*result_error_field)(const PGresult *, int);
  int (*ntuples)(const PGresult *);
  char *(*getvalue)(const PGresult *, int, int);
  int (*getlength)(const PGresult *, int, int);
  int (*getisnull)(const PGresult *, int, int);
  char *(*cmd_tuples)(PGresult *);
  void (*clear)(PGresult *);
  int (*socket)(const PGconn *);
  int (*consume_input)(PGconn *);
  PGnotify *(*notifies)(PGconn *);
  void (*freemem)(void *);
} pq;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure = "libpq was not loaded";
static char failureText[512];

#define LOAD(field, name)                                                                      \
  do {                                                                                         \
    *(void **)&pq.field = dlsym(library, name);                                                \
    if (pq.field == NULL) {                                                                    \
      snprintf(failureText, sizeof failureText, "%s lacks %s", LIBRARY, name);                 \
      failure = failureText;                                                                   \
      return;                                                                                  \
    }                                                                                          \
  } while (0)

static void load(void) {
  // RTLD_LOCAL: its symbols stay out of the global scope, so they interpose nothing.
  void *library = dlopen(LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(failureText, sizeof failureText, "%s cannot be loaded (%s); install libpq5",
             LIBRARY, why ? why : "unknown error");
    failure = failureText;
    return;
  }
  LOAD(connectdb, "PQconnectdb");
  LOAD(conninfo_parse, "PQconninfoParse");
  LOAD(conninfo_free, "PQconninfoFree");
  LOAD(status, "PQstatus");
  LOAD(error_message, "PQerrorMessage");
  LOAD(finish, "PQfinish");
  LOAD(reset, "PQreset");
  LOAD(transaction_status, "PQtransactionStatus");
  LOAD(backend_pid, "PQbackendPID");
  LOAD(set_notice_processor, "PQsetNoticeProcessor");
  LOAD(exec, "PQexec");
  LOAD(exec_params, "PQexecParams");
  LOAD(prepare, "PQprepare");
  LOAD(exec_prepared, "PQexecPrepared");
  LOAD(send_query, "PQsendQuery");
  LOAD(get_result, "PQgetResult");
  // Pipeline mode is libpq 14's; an older libpq goes without it (one round trip each).
  *(void **)&pq.enter_pipeline_mode = dlsym(library, "PQenterPipelineMode");
  *(void **)&pq.exit_pipeline_mode = dlsym(library, "PQexitPipelineMode");
  *(void **)&pq.pipeline_sync = dlsym(library, "PQpipelineSync");
  LOAD(send_query_params, "PQsendQueryParams");
  LOAD(send_query_prepared, "PQsendQueryPrepared");
  LOAD(result_status, "PQresultStatus");
  LOAD(result_error_message, "PQresultErrorMessage");
  LOAD(result_error_field, "PQresultErrorField");
  LOAD(ntuples, "PQntuples");
  LOAD(getvalue, "PQgetvalue");
  LOAD(getlength, "PQgetlength");
  LOAD(getisnull, "PQgetisnull");
  LOAD(cmd_tuples, "PQcmdTuples");
  LOAD(clear, "PQclear");
  LOAD(socket, "PQsocket");
  LOAD(consume_input, "PQconsumeInput");
  LOAD(notifies, "PQnotifies");
  LOAD(freemem, "PQfreemem");
  failure = NULL;
}

const char *cooktimer_pq_load(void) {
  pthread_once(&once, load);
  return failure;
}

// Notices ("relation already exists, skipping") are for people at a psql prompt; libpq's
// default prints them to stderr, which belongs to the CLI.
static void ignoreNotice(void *arg, const char *message) {
  (void)arg;
  (void)message;
}

PGconn *cooktimer_pq_connect(const char *conninfo) {
  if (cooktimer_pq_load() != NULL) return NULL;
  PGconn *conn = pq.connectdb(conninfo);
  if (conn != NULL) pq.set_notice_processor(conn, ignoreNotice, NULL);
  return conn;
}

PQconninfoOption *cooktimer_pq_conninfo_parse(const char *conninfo, char **errmsg) {
  *errmsg = NULL;
  if (cooktimer_pq_load() != NULL) return NULL;
  return pq.conninfo_parse(conninfo, errmsg);
}

void cooktimer_pq_conninfo_free(PQconninfoOption *options) {
  if (options != NULL) pq.conninfo_free(options);
}

ConnStatusType cooktimer_pq_status(const PGconn *conn) { return pq.status(conn); }
const char *cooktimer_pq_error_message(const PGconn *conn) { return pq.error_message(conn); }
void cooktimer_pq_finish(PGconn *conn) { pq.finish(conn); }
void cooktimer_pq_reset(PGconn *conn) { pq.reset(conn); }
PGTransactionStatusType cooktimer_pq_transaction_status(const PGconn *conn) {
  return pq.transaction_status(conn);
}
int cooktimer_pq_backend_pid(const PGconn *conn) { return pq.backend_pid(conn); }
PGresult *cooktimer_pq_exec(PGconn *conn, const char *command) { return pq.exec(conn, command); }
PGresult *cooktimer_pq_exec_params(PGconn *conn, const char *command, int nParams,
                                   const Oid *paramTypes, const char *const *paramValues,
                                   const int *paramLengths, const int *paramFormats,
                                   int resultFormat) {
  return pq.exec_params(conn, command, nParams, paramTypes, paramValues, paramLengths,
                        paramFormats, resultFormat);
}
PGresult *cooktimer_pq_prepare(PGconn *conn, const char *stmtName, const char *query, int nParams,
                               const Oid *paramTypes) {
  return pq.prepare(conn, stmtName, query, nParams, paramTypes);
}
PGresult *cooktimer_pq_exec_prepared(PGconn *conn, const char *stmtName, int nParams,
                                     const char *const *paramValues, const int *paramLengths,
                                     const int *paramFormats, int resultFormat) {
  return pq.exec_prepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats,
                          resultFormat);
}
int cooktimer_pq_send_query(PGconn *conn, const char *command) {
  return pq.send_query(conn, command);
}
PGresult *cooktimer_pq_get_result(PGconn *conn) { return pq.get_result(conn); }
int cooktimer_pq_enter_pipeline_mode(PGconn *conn) {
  if (pq.enter_pipeline_mode == NULL || pq.exit_pipeline_mode == NULL ||
      pq.pipeline_sync == NULL)
    return 0;
  return pq.enter_pipeline_mode(conn);
}
int cooktimer_pq_exit_pipeline_mode(PGconn *conn) {
  return pq.exit_pipeline_mode == NULL ? 1 : pq.exit_pipeline_mode(conn);
}
int cooktimer_pq_pipeline_sync(PGconn *conn) { return pq.pipeline_sync(conn); }
int cooktimer_pq_send_statement(PGconn *conn, const char *command) {
  return pq.send_query_params(conn, command, 0, NULL, NULL, NULL, NULL, 0);
}
int cooktimer_pq_send_prepared(PGconn *conn, const char *stmtName, int nParams,
                               const char *const *paramValues, const int *paramLengths,
                               const int *paramFormats, int resultFormat) {
  return pq.send_query_prepared(conn, stmtName, nParams, paramValues, paramLengths, paramFormats,
                                resultFormat);
}
ExecStatusType cooktimer_pq_result_status(const PGresult *res) { return pq.result_status(res); }
const char *cooktimer_pq_result_error_message(const PGresult *res) {
  return pq.result_error_message(res);
}
const char *cooktimer_pq_result_error_field(const PGresult *res, int fieldcode) {
  return pq.result_error_field(res, fieldcode);
}
int cooktimer_pq_ntuples(const PGresult *res) { return pq.ntuples(res); }
char *cooktimer_pq_getvalue(const PGresult *res, int tup_num, int field_num) {
  return pq.getvalue(res, tup_num, field_num);
}
int cooktimer_pq_getlength(const PGresult *res, int tup_num, int field_num) {
  return pq.getlength(res, tup_num, field_num);
}
int cooktimer_pq_getisnull(const PGresult *res, int tup_num, int field_num) {
  return pq.getisnull(res, tup_num, field_num);
}
char *cooktimer_pq_cmd_tuples(PGresult *res) { return pq.cmd_tuples(res); }
void cooktimer_pq_clear(PGresult *res) {
  if (res != NULL) pq.clear(res);
}

int cooktimer_pq_socket(const PGconn *conn) { return pq.socket(conn); }
int cooktimer_pq_consume_input(PGconn *conn) { return pq.consume_input(conn); }
PGnotify *cooktimer_pq_notifies(PGconn *conn) { return pq.notifies(conn); }
void cooktimer_pq_freemem(void *ptr) { pq.freemem(ptr); }
