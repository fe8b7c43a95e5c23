/// What a commit tells waiting connections about (PostgreSQL: the `NOTIFY` channel).
public enum StoreChannel: String, Sendable, Hashable, CaseIterable {
  /// Any write commit: runs, their acknowledgements, keys and settings may have changed
  /// (the server's event streams look again).
  case runs = "cooktimer_runs"
  /// A commit that queued pushes (senders wake and claim them).
  case outbox = "cooktimer_outbox"
}

/// A connection of its own that waits for other connections' commits
/// (``DatabaseEngine/makeListener()``): PostgreSQL's `LISTEN` (PostgreSQL 15 manual, LISTEN
/// and §34.9 "Asynchronous Notification"). Not thread-safe: one waiter per listener.
public protocol ChangeListener: AnyObject {
  /// Waits up to `timeout` seconds for a commit told on one of `channels`.
  /// - Returns: `true` when one came (or may have: after a reconnection, when notifications
  ///   could have been missed, it returns `true` so the caller looks), `false` on the timeout.
  /// - Throws: `.busy` when the connection is lost and cannot be made again.
  func wait(for channels: Set<StoreChannel>, timeout: Double) throws(StoreError) -> Bool
}
