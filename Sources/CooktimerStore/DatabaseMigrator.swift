/// The schema, as an ordered list of steps. Step `n` (1-based) brings the schema version
/// from `n - 1` to `n`, in its own transaction; a database with a higher version came from a
/// newer cooktimer and is refused untouched.
///
/// The engine marks the database as ours (SQLite: `PRAGMA application_id` and
/// `user_version`), so another program's database is refused before anything is written to
/// it. The steps are SQLite's text; the PostgreSQL engine translates them (INTEGER columns
/// as BIGINT, BLOB as BYTEA), or takes the step's text from ``postgreSQLSteps``.
enum DatabaseMigrator {
  /// "Cook" in ASCII: SQLite's `application_id` (the header at offset 68), PostgreSQL's
  /// schema table's.
  static let applicationID: Int64 = 0x436F_6F6B

  /// Each step's SQL. Append only: never edit a step that has shipped.
  static let migrations: [(name: String, sql: String)] = [
    (
      "runs and their event log",
      """
      CREATE TABLE runs (
        id TEXT PRIMARY KEY NOT NULL,
        recipe_title TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'stopped')),
        next_due_ms INTEGER,
        last_change_ms INTEGER NOT NULL,
        created_ms INTEGER NOT NULL,
        ended_ms INTEGER,
        run_json TEXT NOT NULL
      ) STRICT;
      CREATE INDEX runs_by_status ON runs (status, created_ms);
      CREATE INDEX runs_by_title ON runs (recipe_title);
      CREATE INDEX runs_by_next_due ON runs (next_due_ms);
      CREATE INDEX runs_by_created ON runs (created_ms);
      CREATE TABLE run_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        step INTEGER,
        timer INTEGER,
        amount INTEGER
      ) STRICT;
      CREATE INDEX run_events_by_run ON run_events (run_id, seq);
      CREATE TRIGGER run_events_append_only BEFORE UPDATE ON run_events
      BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
      """
    ),
    (
      "Live Activity push outbox",
      """
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        event TEXT NOT NULL,
        timestamp INTEGER NOT NULL,
        priority INTEGER NOT NULL,
        target TEXT NOT NULL,
        headers TEXT NOT NULL,
        body TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        sent_ms INTEGER
      ) STRICT;
      CREATE INDEX outbox_pending ON outbox (id) WHERE sent_ms IS NULL;
      CREATE INDEX outbox_by_run ON outbox (run_id, id);
      """
    ),
    (
      "per-run APNs timestamp and alarm watermark",
      """
      ALTER TABLE runs ADD COLUMN push_timestamp INTEGER;
      ALTER TABLE runs ADD COLUMN alarms_through_ms INTEGER;
      """
    ),
    (
      // Runs of one recipe share its snapshot: stored once, decoded once per process.
      "recipe snapshots shared between runs",
      """
      CREATE TABLE recipes (
        key TEXT PRIMARY KEY NOT NULL,
        json TEXT NOT NULL
      ) STRICT;
      ALTER TABLE runs ADD COLUMN recipe_key TEXT REFERENCES recipes (key);
      """
    ),
    (
      // docs/live-activity.md §3–4: a run's activity is renewed and may end before the run
      // does, and timestamps rise per activity; the APNs topic is a stored setting.
      "Live Activity lifetime, per-activity timestamps, settings",
      """
      ALTER TABLE runs ADD COLUMN activity INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE runs ADD COLUMN activity_started_ms INTEGER;
      ALTER TABLE runs ADD COLUMN activity_alive INTEGER NOT NULL DEFAULT 1;
      CREATE TABLE activity_timestamps (
        run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        activity INTEGER NOT NULL,
        last INTEGER NOT NULL,
        PRIMARY KEY (run_id, activity)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO activity_timestamps (run_id, activity, last)
        SELECT id, 1, push_timestamp FROM runs WHERE push_timestamp IS NOT NULL;
      CREATE TABLE settings (
        key TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL
      ) STRICT;
      ALTER TABLE outbox ADD COLUMN activity INTEGER;
      """
    ),
    (
      // docs/delivery.md: the phone's tokens, each push's state and lease, every attempt.
      "push tokens, delivery states and attempts",
      """
      CREATE TABLE push_tokens (
        token TEXT PRIMARY KEY NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('push-to-start', 'activity')),
        run_id TEXT REFERENCES runs (id) ON DELETE CASCADE,
        activity INTEGER,
        device TEXT,
        sandbox INTEGER NOT NULL DEFAULT 0,
        created_ms INTEGER NOT NULL,
        CHECK ((kind = 'activity') = (run_id IS NOT NULL AND activity IS NOT NULL))
      ) STRICT;
      CREATE INDEX push_tokens_by_activity ON push_tokens (run_id, activity);
      ALTER TABLE outbox ADD COLUMN state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'sent', 'failed', 'expired', 'superseded'));
      ALTER TABLE outbox ADD COLUMN reason TEXT;
      ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE outbox ADD COLUMN next_attempt_ms INTEGER;
      ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
      ALTER TABLE outbox ADD COLUMN lease_until_ms INTEGER;
      UPDATE outbox SET state = 'sent' WHERE sent_ms IS NOT NULL;
      CREATE INDEX outbox_by_state ON outbox (state, id);
      CREATE TABLE push_sends (
        push_id INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
        token TEXT NOT NULL,
        apns_id TEXT NOT NULL,
        sandbox INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'sent', 'failed')),
        PRIMARY KEY (push_id, token)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        push_id INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
        run_id TEXT NOT NULL,
        event TEXT NOT NULL,
        token TEXT NOT NULL,
        apns_id TEXT NOT NULL,
        status INTEGER,
        reason TEXT,
        at_ms INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX deliveries_by_push ON deliveries (push_id, id);
      """
    ),
    (
      // docs/api.md §2: hashed API keys, replayed answers for idempotency keys, and
      // acknowledged alarms shared by every front end.
      "API keys, idempotency keys, acknowledgements",
      """
      CREATE TABLE api_keys (
        name TEXT PRIMARY KEY NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        created_ms INTEGER NOT NULL,
        revoked_ms INTEGER
      ) STRICT;
      CREATE TABLE idempotency_keys (
        api_key TEXT NOT NULL,
        key TEXT NOT NULL,
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        body_hash TEXT NOT NULL,
        status INTEGER NOT NULL,
        headers TEXT NOT NULL,
        body BLOB NOT NULL,
        created_ms INTEGER NOT NULL,
        PRIMARY KEY (api_key, key, method, path)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX idempotency_by_age ON idempotency_keys (created_ms);
      ALTER TABLE runs ADD COLUMN acknowledged_ms INTEGER;
      """
    ),
    (
      // The REPL's start-up (RunStore+AlarmReads): the active runs' count, ids and alarm
      // state from the index alone. Without it each question read every active row, whose
      // later columns sit behind `run_json` (1-2 KB): 50,000 waiting runs took 0.6 s.
      "an index of the active runs' alarm state",
      """
      CREATE INDEX active_runs_alarms
        ON runs (created_ms, id, next_due_ms, last_change_ms, alarms_through_ms)
        WHERE status = 'active';
      """
    ),
    (
      // Issue 20: an outbox row records what happened (the typed payload of CooktimerActivity's
      // `OutboxPush`, opaque here) and the sender renders the body when it sends; the app's
      // ordinary device tokens carry the backup alert of a fire no live activity carried.
      "outbox payloads, device tokens, the priority of each attempt",
      """
      ALTER TABLE outbox ADD COLUMN payload BLOB;
      ALTER TABLE deliveries ADD COLUMN priority INTEGER;
      ALTER TABLE deliveries ADD COLUMN priority_reason TEXT;
      CREATE INDEX deliveries_by_token ON deliveries (token, at_ms);
      CREATE TABLE device_tokens (
        token TEXT PRIMARY KEY NOT NULL,
        device TEXT,
        sandbox INTEGER NOT NULL DEFAULT 0,
        created_ms INTEGER NOT NULL
      ) STRICT;
      """
    ),
    (
      // The sender's next wake (`nextWake`): the earliest renewal of a live activity among
      // the active runs, from an index instead of every active row (100,000 active runs
      // took 63 ms a wake; the next due end already comes from `runs_by_next_due`).
      "an index of the live activities' renewals",
      """
      CREATE INDEX runs_by_renewal ON runs ((coalesce(activity_started_ms, created_ms)))
        WHERE status = 'active' AND activity_alive = 1;
      """
    ),
    (
      // The event streams' ids (docs/api.md §1.4): one row per change of a run, written in
      // the change's transaction, numbered by the database, so every server sends the same
      // id for the same change and `Last-Event-ID` works across servers and restarts
      // (StoreTransaction+RunChanges.swift). No foreign key: the row outlives nothing.
      "the change log of the event streams",
      """
      CREATE TABLE run_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('run', 'acknowledged')),
        at_ms INTEGER NOT NULL
      ) STRICT;
      DELETE FROM settings WHERE key = 'event_ids_reserved';
      """
    ),
    (
      // Pairing codes (docs/api.md §2.1) in the database, not one server's memory, so that
      // behind a load balancer any server redeems a code any server made: the SHA-256 of
      // the code, never the code; redeemed by a conditional UPDATE (PairingCodeRows.swift).
      "the pairing codes",
      """
      CREATE TABLE pairing_codes (
        hash TEXT PRIMARY KEY NOT NULL,
        expires_ms INTEGER NOT NULL,
        used_ms INTEGER
      ) STRICT;
      """
    ),
  ]

  /// The version this build writes.
  static var latestVersion: Int { migrations.count }

  /// Steps whose SQLite text does not translate (a trigger), written for PostgreSQL.
  /// Step 1's trigger: SQLite's `RAISE(ABORT, …)` is a PL/pgSQL function on PostgreSQL
  /// (PostgreSQL 15 manual §43.10).
  static let postgreSQLSteps: [Int: String] = [
    1: migrations[0].sql.components(separatedBy: "CREATE TRIGGER")[0]
      + """
      CREATE FUNCTION run_events_append_only() RETURNS trigger LANGUAGE plpgsql AS
        'BEGIN RAISE EXCEPTION ''the event log is append-only''; END';
      CREATE TRIGGER run_events_append_only BEFORE UPDATE ON run_events
        FOR EACH ROW EXECUTE FUNCTION run_events_append_only();
      """
  ]

  /// The SQL of step `number` (1-based) in `dialect`.
  static func sql(ofStep number: Int, in dialect: SQLDialect) -> String {
    if dialect == .postgreSQL, let text = postgreSQLSteps[number] { return text }
    return migrations[number - 1].sql
  }

  /// The database's schema version, after checking that it is ours (or empty).
  /// - Throws: `.notCooktimerDatabase` for a foreign database, `.futureSchema` for a newer
  ///   one, `.corrupt` when the engine cannot read it. Nothing is written.
  static func checkedVersion(_ db: DatabaseConnection) throws(StoreError) -> Int {
    let mark = try db.engine.schemaMark()
    if mark.isEmpty { return 0 }
    guard mark.isOurs else {
      throw StoreError(
        kind: .notCooktimerDatabase, path: db.path,
        detail: db.dialect == .sqlite
          ? "an SQLite database of another program, not a cooktimer database"
          : "a database of another program (it has tables but no cooktimer schema mark)")
    }
    let version = mark.version
    guard version <= latestVersion else {
      throw StoreError(
        kind: .futureSchema(version: version), path: db.path,
        detail:
          "written by a newer cooktimer (schema version \(version), this one knows \(latestVersion))"
      )
    }
    return version
  }

  /// Applies the missing steps up to `target`, each in its own write transaction; the
  /// version is read again inside it, so two processes opening a new database at once apply
  /// each step once.
  static func migrate(_ db: DatabaseConnection, upTo target: Int = latestVersion) throws(StoreError)
  {
    var version = try checkedVersion(db)
    while version < target {
      let next = version + 1
      do {
        try db.transaction {
          guard try checkedVersion(db) == version else { return }
          try db.execute(sql(ofStep: next, in: db.dialect))
          try db.engine.setSchemaVersion(next)
        }
      } catch let error as StoreError {
        throw error
      } catch {
        throw StoreError(kind: .other, path: db.path, detail: "\(error)")
      }
      version = try checkedVersion(db)
    }
  }
}
