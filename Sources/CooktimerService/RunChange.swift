import CooktimerCore
import CooktimerStore

/// A change of a run as the change log numbered it (docs/api.md §1.4): the event streams
/// send `seq` as the event's `id:`, so every server sends the same id for the same change.
public struct RunChange: Hashable, Sendable {
  /// What happened: the name of the event the stream sends for it.
  public enum Kind: String, Sendable {
    /// The run was started or changed (`event: run`).
    case run
    /// Its alarms were acknowledged (`event: acknowledged`).
    case acknowledged
  }

  public var seq: Int64
  public var runID: String
  public var kind: Kind
  /// The run's `lastChange`, or the acknowledged instant.
  public var at: Instant

  init(_ stored: StoredChange) {
    seq = stored.seq
    runID = stored.runID
    kind = stored.kind == .run ? .run : .acknowledged
    at = stored.at
  }
}

/// What a watcher's look read in one snapshot (``RunService/watch(_:also:at:)``).
public struct WatchLook: Sendable {
  /// The changes after the cursor that may be told now, lowest number first.
  public var changes: [RunChange]
  /// The active runs, the runs of `also` and those of ``changes``, each settled at the
  /// look's instant: oldest active first.
  public var runs: [WatchedRun]
}

/// What the change log answers a `Last-Event-ID` (``RunService/replay(after:through:at:)``).
public enum ChangeReplay: Sendable {
  /// The changes after the id up to the server's last told one, each with its run now.
  case changes([(change: RunChange, run: WatchedRun)])
  /// A real id beyond what this server told so far (another server is ahead): the changes
  /// up to it come by the live stream and are skipped there.
  case ahead
  /// Not an id the log can answer (pruned, from another database, from the future).
  case unknown
}
