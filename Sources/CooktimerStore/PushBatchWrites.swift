import CooktimerCore
import Foundation

/// How a push ends (``StoreTransaction/finishPushes(_:at:)``): sent, failed (with the
/// reason), expired or superseded.
public struct PushEnding: Hashable, Sendable {
  public var id: Int64
  public var state: QueuedPush.State
  public var reason: String?

  public init(id: Int64, state: QueuedPush.State, reason: String? = nil) {
    self.id = id
    self.state = state
    self.reason = reason
  }
}

/// What a push carries as it goes (``StoreTransaction/recordRenderings(_:)``): the body,
/// headers (a JSON object) and `aps.timestamp` (Unix seconds) rendered at its send time.
public struct PushRenderingRecord: Hashable, Sendable {
  public var id: Int64
  public var body: String
  public var headers: String
  public var timestamp: Int64

  public init(id: Int64, body: String, headers: String, timestamp: Int64) {
    self.id = id
    self.body = body
    self.headers = headers
    self.timestamp = timestamp
  }
}

/// A sender's writes of many pushes, each in one statement, not one per push (issue 21:
/// a claim and a wave of answers of 400 pushes cost some 2,400 statements, each a round trip
/// to PostgreSQL). The rows go bound as one JSON array of objects — one placeholder, read by
/// the database as a table (SQLite: `json_each` and `->>`, "JSON Functions And Operators"
/// §4.8; PostgreSQL: `json_to_recordset`, manual §9.16) — so no statement text grows with
/// the batch, and the prepared statement is reused.
extension StoreTransaction {
  /// Logs attempts, in their order (their ids rise as they do), in one statement.
  public func recordAttempts(_ attempts: [DeliveryAttempt]) throws(StoreError) {
    guard !attempts.isEmpty else { return }
    // Keys of one lowercase word: PostgreSQL folds the unquoted column names it matches
    // them with.
    struct Row: Encodable {
      var n: Int
      var push: Int64
      var run, event, token, apns: String
      var status: Int?
      var reason: String?
      var moment: Int64
      var priority: Int?
      var why: String?
    }
    let rows = attempts.enumerated().map { n, a in
      Row(
        n: n, push: a.pushID, run: a.runID, event: a.event, token: a.token, apns: a.apnsID,
        status: a.status, reason: a.reason, moment: a.at.unixMilliseconds,
        priority: a.priority, why: a.priorityReason)
    }
    try db.run(
      """
      INSERT INTO deliveries
        (push_id, run_id, event, token, apns_id, status, reason, at_ms, priority, priority_reason)
      SELECT push, run, event, token, apns, status, reason, moment, priority, why FROM
      """ + " "
        + jsonTable(
          "a",
          [
            ("n", .integer), ("push", .integer), ("run", .text), ("event", .text),
            ("token", .text), ("apns", .text), ("status", .integer), ("reason", .text),
            ("moment", .integer), ("priority", .integer), ("why", .text),
          ]) + " ORDER BY n",
      [.text(Self.json(rows))])
  }

  /// Adds (push, token) pairs, each unless it exists, in one statement; an `apns-id` is kept
  /// for every retry of its pair.
  public func addSends(_ sends: [PushSend]) throws(StoreError) {
    guard !sends.isEmpty else { return }
    struct Row: Encodable {
      var push: Int64
      var token, apns: String
      var sandbox: Int
      var state: String
    }
    let rows = sends.map {
      Row(
        push: $0.pushID, token: $0.token, apns: $0.apnsID, sandbox: $0.sandbox ? 1 : 0,
        state: $0.state.rawValue)
    }
    // `WHERE true`: SQLite's parser needs it between an INSERT's SELECT and its ON CONFLICT
    // (SQLite "UPSERT", §2.2 "Parsing Ambiguity").
    try db.run(
      "INSERT INTO push_sends (push_id, token, apns_id, sandbox, state)"
        + " SELECT push, token, apns, sandbox, state FROM "
        + jsonTable(
          "s",
          [
            ("push", .integer), ("token", .text), ("apns", .text), ("sandbox", .integer),
            ("state", .text),
          ]) + " WHERE true ON CONFLICT DO NOTHING",
      [.text(Self.json(rows))])
  }

  /// Moves (push, token) pairs to their `state` (sent or failed), in one statement.
  public func setSendStates(_ sends: [PushSend]) throws(StoreError) {
    guard !sends.isEmpty else { return }
    struct Row: Encodable {
      var push: Int64
      var token, state: String
    }
    let rows = sends.map { Row(push: $0.pushID, token: $0.token, state: $0.state.rawValue) }
    try db.run(
      "UPDATE push_sends SET state = s.state FROM "
        + jsonTable("s", [("push", .integer), ("token", .text), ("state", .text)])
        + " WHERE push_sends.push_id = s.push AND push_sends.token = s.token",
      [.text(Self.json(rows))])
  }

  /// Ends pushes, each as its ``PushEnding`` says, in one statement; releases their leases.
  /// A push ended `sent` records `now` as when.
  public func finishPushes(_ endings: [PushEnding], at now: Instant) throws(StoreError) {
    guard !endings.isEmpty else { return }
    struct Row: Encodable {
      var id: Int64
      var state: String
      var reason: String?
    }
    let rows = endings.map { Row(id: $0.id, state: $0.state.rawValue, reason: $0.reason) }
    try db.run(
      """
      UPDATE outbox SET state = f.state, reason = f.reason, lease_owner = NULL,
        lease_until_ms = NULL, sent_ms = CASE WHEN f.state = 'sent' THEN ? ELSE sent_ms END
      FROM
      """ + " " + jsonTable("f", [("id", .integer), ("state", .text), ("reason", .text)])
        + " WHERE outbox.id = f.id",
      [.instant(now), .text(Self.json(rows))])
  }

  /// Records what pushes carry as they go (``recordRendering(_:body:headers:timestamp:)``
  /// for many), in one statement.
  public func recordRenderings(_ renderings: [PushRenderingRecord]) throws(StoreError) {
    guard !renderings.isEmpty else { return }
    struct Row: Encodable {
      var id: Int64
      var body, headers: String
      var ts: Int64
    }
    let rows = renderings.map {
      Row(id: $0.id, body: $0.body, headers: $0.headers, ts: $0.timestamp)
    }
    try db.run(
      "UPDATE outbox SET body = r.body, headers = r.headers, timestamp = r.ts FROM "
        + jsonTable("r", [("id", .integer), ("body", .text), ("headers", .text), ("ts", .integer)])
        + " WHERE outbox.id = r.id",
      [.text(Self.json(rows))])
  }

  /// The next APNs `timestamp` of each (run, activity) in `activities`, in their order, as
  /// ``nextPushTimestamp(runID:activity:now:)`` takes them one by one (an activity named
  /// twice takes two, rising), in one statement per repeat of an activity (nearly always
  /// one). Each is the same atomic upsert, so two senders never take the same timestamp.
  /// - Throws: `.noSuchRun` if a run is not stored.
  public func nextPushTimestamps(
    _ activities: [(runID: String, activity: Int)], now: Instant
  ) throws(StoreError) -> [Int64] {
    struct Key: Hashable, Encodable {
      var run: String
      var activity: Int
    }
    // One statement may take each activity's row once (PostgreSQL refuses an upsert that
    // touches a row twice): the second of an activity goes in the next statement.
    var taken: [Int64] = Array(repeating: 0, count: activities.count)
    var rest = Array(activities.indices)
    while !rest.isEmpty {
      var seen: Set<Key> = []
      var first: [Int] = []
      var later: [Int] = []
      for i in rest {
        let key = Key(run: activities[i].runID, activity: activities[i].activity)
        if seen.insert(key).inserted { first.append(i) } else { later.append(i) }
      }
      // Sorted, so two senders lock the rows they share in the same order (no deadlock).
      let keys = first.map { Key(run: activities[$0].runID, activity: activities[$0].activity) }
        .sorted { ($0.run, $0.activity) < ($1.run, $1.activity) }
      var found: [Key: Int64] = [:]
      for (key, last) in try db.query(
        """
        INSERT INTO activity_timestamps (run_id, activity, last)
        SELECT runs.id, k.activity, ? FROM
        """ + " " + jsonTable("k", [("run", .text), ("activity", .integer)])
          + """
           JOIN runs ON runs.id = k.run WHERE true
          ON CONFLICT (run_id, activity) DO UPDATE SET last = CASE
            WHEN activity_timestamps.last + 1 > excluded.last THEN activity_timestamps.last + 1
            ELSE excluded.last END
          RETURNING run_id, activity, last
          """, [.integer(now.floorUnixSeconds), .text(Self.json(keys))],
        { row in (Key(run: row.text(0), activity: row.int(1)), row.int64(2)) })
      {
        found[key] = last
      }
      for i in first {
        let key = Key(run: activities[i].runID, activity: activities[i].activity)
        guard let last = found[key] else { throw noSuchRun(key.run) }
        taken[i] = last
      }
      rest = later
    }
    return taken
  }

  /// The type of a column of ``jsonTable(_:_:)``.
  enum JSONColumn { case integer, text }

  /// A table `alias` of the rows of one JSON array of objects bound at its one `?`, with
  /// `columns` named as the objects' keys (a key left out is NULL).
  func jsonTable(_ alias: String, _ columns: [(String, JSONColumn)]) -> String {
    switch db.dialect {
    case .sqlite:
      // `->>` gives the SQL value: an INTEGER for a JSON integer, TEXT for a string.
      return "(SELECT "
        + columns.map { "value ->> '\($0.0)' AS \($0.0)" }.joined(separator: ", ")
        + " FROM json_each(?)) AS \(alias)"
    case .postgreSQL:
      return "json_to_recordset(?::json) AS \(alias)("
        + columns.map { "\($0.0) \($0.1 == .integer ? "bigint" : "text")" }
        .joined(separator: ", ") + ")"
    }
  }

  /// `rows` as one JSON array, bound once for `json_each` / `json_to_recordset` (no
  /// placeholder per value: SQLite limits a statement's placeholders). Encoding strings
  /// and integers does not fail.
  static func json(_ rows: some Encodable) -> String {
    (try? JSONEncoder().encode(rows)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }
}
