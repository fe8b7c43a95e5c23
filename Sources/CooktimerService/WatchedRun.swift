import CooktimerCore

/// A run as a watcher of the database sees it at one look (the server's event streams,
/// docs/api.md §3): settled at the look's instant, with the instant its alarms were
/// acknowledged up to (`nil` if never).
public struct WatchedRun: Hashable, Sendable {
  public var run: Run
  public var acknowledgedAt: Instant?

  public init(run: Run, acknowledgedAt: Instant?) {
    self.run = run
    self.acknowledgedAt = acknowledgedAt
  }
}
