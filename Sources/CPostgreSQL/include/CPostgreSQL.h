// libpq, loaded on first use: only a store opened on a `postgresql://` URL needs it, so
// nothing links the library, and building needs no -dev package. The types and constants
// below are libpq's own (libpq-fe.h and postgres_ext.h of PostgreSQL 15, Debian 12;
// `.ci/check-c-declarations` compares them with the real headers where libpq-dev is
// installed); the functions come from `libpq.so.5` opened with dlopen by the first call,
// behind `cooktimer_pq_*` names that interpose nothing of the library's.
#ifndef COOKTIMER_CPOSTGRESQL_H
#define COOKTIMER_CPOSTGRESQL_H

typedef unsigned int Oid;
typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

/// A notification (`NOTIFY channel, 'payload'`) received on a connection that `LISTEN`s.
typedef struct pgNotify {
  char *relname;
  int be_pid;
  char *extra;
  struct pgNotify *next;
} PGnotify;

typedef enum {
  CONNECTION_OK,
  CONNECTION_BAD,
} ConnStatusType;

typedef enum {
  PGRES_EMPTY_QUERY = 0,
  PGRES_COMMAND_OK,
  PGRES_TUPLES_OK,
  PGRES_COPY_OUT,
  PGRES_COPY_IN,
  PGRES_BAD_RESPONSE,
  PGRES_NONFATAL_ERROR,
  PGRES_FATAL_ERROR,
  PGRES_COPY_BOTH,
  PGRES_SINGLE_TUPLE,
  /// Pipeline mode (libpq ≥ 14, §34.5): the answer to `PQpipelineSync`.
  PGRES_PIPELINE_SYNC,
  /// Pipeline mode: a statement the server skipped, an earlier one having failed.
  PGRES_PIPELINE_ABORTED,
} ExecStatusType;

typedef enum {
  PQTRANS_IDLE,
  PQTRANS_ACTIVE,
  PQTRANS_INTRANS,
  PQTRANS_INERROR,
  PQTRANS_UNKNOWN,
} PGTransactionStatusType;

/// One option of a parsed connection string (`PQconninfoParse`, libpq §34.1): its keyword
/// (`host`, `port`, `dbname`, …) and the value the string gives it (NULL when none). An
/// array of them ends with a NULL keyword.
typedef struct _PQconninfoOption {
  char *keyword;
  char *envvar;
  char *compiled;
  char *val;
  char *label;
  char *dispchar;
  int dispsize;
} PQconninfoOption;

/// Fields of `PQresultErrorField`: the five-character SQLSTATE, and the primary message (one
/// line, without the CONTEXT and DETAIL lines `PQresultErrorMessage` adds).
#define PG_DIAG_SQLSTATE 'C'
#define PG_DIAG_MESSAGE_PRIMARY 'M'

/// Opens libpq, once per process (thread-safe). NULL when it is ready, else one line saying
/// why not, valid for the life of the process.
const char *cooktimer_pq_load(void);

/// `PQconnectdb` (a `postgresql://` URL or `key=value` string), with notices discarded
/// instead of printed to stderr. NULL only when libpq is not loaded.
PGconn *cooktimer_pq_connect(const char *conninfo);
/// `PQconninfoParse`: the options `conninfo` (a URL or `key=value` string) sets, read
/// without connecting; free them with `cooktimer_pq_conninfo_free`. NULL when it does not
/// parse, with libpq's message in `*errmsg` (free it with `cooktimer_pq_freemem`), or when
/// libpq is not loaded (`*errmsg` NULL then).
PQconninfoOption *cooktimer_pq_conninfo_parse(const char *conninfo, char **errmsg);
/// `PQconninfoFree`.
void cooktimer_pq_conninfo_free(PQconninfoOption *options);
ConnStatusType cooktimer_pq_status(const PGconn *conn);
const char *cooktimer_pq_error_message(const PGconn *conn);
void cooktimer_pq_finish(PGconn *conn);
void cooktimer_pq_reset(PGconn *conn);
PGTransactionStatusType cooktimer_pq_transaction_status(const PGconn *conn);
int cooktimer_pq_backend_pid(const PGconn *conn);

/// `PQexec`: one or more statements without parameters.
PGresult *cooktimer_pq_exec(PGconn *conn, const char *command);
/// `PQexecParams`: one statement, parameters `$1`…`$n`.
PGresult *cooktimer_pq_exec_params(PGconn *conn, const char *command, int nParams,
                                   const Oid *paramTypes, const char *const *paramValues,
                                   const int *paramLengths, const int *paramFormats,
                                   int resultFormat);
/// `PQprepare`: `command` (one statement, `$1`…`$n`) kept by the server as `stmtName` for
/// the session; `paramTypes` fixes the types given (0: inferred).
PGresult *cooktimer_pq_prepare(PGconn *conn, const char *stmtName, const char *query, int nParams,
                               const Oid *paramTypes);
/// `PQexecPrepared`: runs the statement prepared as `stmtName`.
PGresult *cooktimer_pq_exec_prepared(PGconn *conn, const char *stmtName, int nParams,
                                     const char *const *paramValues, const int *paramLengths,
                                     const int *paramFormats, int resultFormat);
/// `PQsendQuery`: sends one or more statements without waiting; 1 when sent, else 0.
int cooktimer_pq_send_query(PGconn *conn, const char *command);
/// `PQenterPipelineMode` (libpq ≥ 14, §34.5.2): 1 when the connection, idle, now sends
/// statements without waiting for answers; 0 otherwise (or when libpq lacks it).
int cooktimer_pq_enter_pipeline_mode(PGconn *conn);
/// `PQexitPipelineMode`: 1 once every answer was read and the connection is out of it.
int cooktimer_pq_exit_pipeline_mode(PGconn *conn);
/// `PQpipelineSync`: marks the end of what was sent (a Sync message); 1 when sent.
int cooktimer_pq_pipeline_sync(PGconn *conn);
/// `PQsendQueryParams` with no parameters: one statement, sent without waiting.
int cooktimer_pq_send_statement(PGconn *conn, const char *command);
/// `PQsendQueryPrepared`: runs `stmtName` without waiting; 1 when sent.
int cooktimer_pq_send_prepared(PGconn *conn, const char *stmtName, int nParams,
                               const char *const *paramValues, const int *paramLengths,
                               const int *paramFormats, int resultFormat);
/// `PQgetResult`: the next statement's result of what was sent, NULL once all are read.
PGresult *cooktimer_pq_get_result(PGconn *conn);
ExecStatusType cooktimer_pq_result_status(const PGresult *res);
const char *cooktimer_pq_result_error_message(const PGresult *res);
/// `PQresultErrorField`; NULL when the field is absent.
const char *cooktimer_pq_result_error_field(const PGresult *res, int fieldcode);
int cooktimer_pq_ntuples(const PGresult *res);
char *cooktimer_pq_getvalue(const PGresult *res, int tup_num, int field_num);
int cooktimer_pq_getlength(const PGresult *res, int tup_num, int field_num);
int cooktimer_pq_getisnull(const PGresult *res, int tup_num, int field_num);
/// `PQcmdTuples`: rows an INSERT/UPDATE/DELETE changed, as text ("" for other commands).
char *cooktimer_pq_cmd_tuples(PGresult *res);
void cooktimer_pq_clear(PGresult *res);

/// `PQsocket`: the connection's socket, to `poll` for input; -1 when there is none.
int cooktimer_pq_socket(const PGconn *conn);
/// `PQconsumeInput`: reads what the server sent; 0 on a broken connection.
int cooktimer_pq_consume_input(PGconn *conn);
/// `PQnotifies`: the next notification read, or NULL; free it with `cooktimer_pq_freemem`.
PGnotify *cooktimer_pq_notifies(PGconn *conn);
void cooktimer_pq_freemem(void *ptr);

#endif
