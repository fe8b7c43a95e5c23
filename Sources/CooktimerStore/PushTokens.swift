import CooktimerCore
import Foundation

/// A push token the phone handed out (docs/delivery.md §1), as stored: lowercase hex.
public struct PushToken: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    /// `Activity<…>.pushToStartTokenUpdates`: every `start` goes to each one.
    case pushToStart = "push-to-start"
    /// `activity.pushTokenUpdates`: the updates and end of one activity of one run.
    case activity
    /// The app's ordinary device token (`registerForRemoteNotifications`): the backup alert
    /// of a fire no live activity carried (docs/delivery.md §6).
    case device
  }

  public var token: String
  public var kind: Kind
  /// For an activity token: the run and the activity number.
  public var runID: String?
  public var activity: Int?
  /// For a push-to-start token: a name for the device, if given.
  public var device: String?
  /// From a development build: only the sandbox APNs host accepts it.
  public var sandbox: Bool
  public var createdAt: Instant

  public init(
    token: String, kind: Kind, runID: String? = nil, activity: Int? = nil,
    device: String? = nil, sandbox: Bool = false, createdAt: Instant
  ) {
    self.token = token
    self.kind = kind
    self.runID = runID
    self.activity = activity
    self.device = device
    self.sandbox = sandbox
    self.createdAt = createdAt
  }
}

extension StoreTransaction {
  /// Stores a token, replacing an earlier record of the same token (a phone that reports
  /// it again, or for another activity). An activity's update token replaces the one the
  /// same device had for that activity: `pushTokenUpdates` hands out a new token when the old
  /// one is invalidated, and Apple asks to stop using the old one (issue 20: both got every
  /// push). The device is the token's `device` name (none and `""` are one device), so two
  /// phones that each carry the run keep a token each and both get every push.
  /// - Throws: `.noSuchRun` for an activity token of a run that is not stored.
  public func addToken(_ token: PushToken) throws(StoreError) {
    if token.kind == .device { return try addDeviceToken(token) }
    if let run = token.runID, try self.run(id: run) == nil { throw noSuchRun(run) }
    if token.kind == .activity, let run = token.runID, let activity = token.activity {
      try db.run(
        """
        DELETE FROM push_tokens
        WHERE kind = 'activity' AND run_id = ? AND activity = ? AND token <> ?
          AND coalesce(device, '') = ?
        """, [.text(run), .integer(activity), .text(token.token), .text(token.device ?? "")])
    }
    try db.run(
      """
      INSERT INTO push_tokens (token, kind, run_id, activity, device, sandbox, created_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (token) DO UPDATE SET kind = excluded.kind, run_id = excluded.run_id,
        activity = excluded.activity, device = excluded.device, sandbox = excluded.sandbox
      """,
      [
        .text(token.token), .text(token.kind.rawValue), .text(token.runID),
        .integer(token.activity), .text(token.device), .integer(token.sandbox ? 1 : 0),
        .instant(token.createdAt),
      ])
  }

  /// Forgets a token; returns whether one was stored.
  @discardableResult
  public func removeToken(_ token: String) throws(StoreError) -> Bool {
    let live = try db.run("DELETE FROM push_tokens WHERE token = ?", [.text(token)])
    return try live + db.run("DELETE FROM device_tokens WHERE token = ?", [.text(token)]) > 0
  }

  /// Every stored token, oldest first.
  public func tokens() throws(StoreError) -> [PushToken] {
    (try tokens("ORDER BY created_ms, token", []) + deviceTokens()).sorted {
      ($0.createdAt, $0.token) < ($1.createdAt, $1.token)
    }
  }

  /// The push-to-start tokens (every start goes to each).
  public func pushToStartTokens() throws(StoreError) -> [PushToken] {
    try tokens("WHERE kind = 'push-to-start' ORDER BY created_ms, token", [])
  }

  /// The update tokens of one activity of a run.
  public func activityTokens(runID: String, activity: Int) throws(StoreError) -> [PushToken] {
    try tokens(
      "WHERE kind = 'activity' AND run_id = ? AND activity = ? ORDER BY created_ms, token",
      [.text(runID), .integer(activity)])
  }

  /// The update tokens of every activity of the runs `runIDs`, by run and activity, each
  /// activity's oldest first: a claim's in one query, not one per push.
  public func activityTokens(runIDs: some Collection<String>) throws(StoreError)
    -> [ActivityKey: [PushToken]]
  {
    guard !runIDs.isEmpty else { return [:] }
    let list = Self.json(Array(runIDs))
    var found: [ActivityKey: [PushToken]] = [:]
    for token in try tokens(
      "WHERE kind = 'activity' AND run_id IN (SELECT value FROM json_each(?))"
        + " ORDER BY created_ms, token", [.text(list)])
    {
      guard let run = token.runID, let activity = token.activity else { continue }
      found[ActivityKey(runID: run, activity: activity), default: []].append(token)
    }
    return found
  }

  private func tokens(_ clause: String, _ values: [DatabaseValue]) throws(StoreError)
    -> [PushToken]
  {
    try db.query(
      "SELECT token, kind, run_id, activity, device, sandbox, created_ms FROM push_tokens "
        + clause, values
    ) { row in
      PushToken(
        token: row.text(0), kind: PushToken.Kind(rawValue: row.text(1)) ?? .activity,
        runID: row.isNull(2) ? nil : row.text(2), activity: row.optionalInt(3),
        device: row.isNull(4) ? nil : row.text(4), sandbox: row.int(5) != 0,
        createdAt: row.instant(6))
    }
  }
}

/// One activity of one run: what update tokens belong to.
public struct ActivityKey: Hashable, Sendable {
  public var runID: String
  public var activity: Int

  public init(runID: String, activity: Int) {
    self.runID = runID
    self.activity = activity
  }
}
