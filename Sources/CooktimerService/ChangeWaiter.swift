import CooktimerStore

/// Waits for other processes' commits to the database as the engine tells them (PostgreSQL:
/// `LISTEN`/`NOTIFY`, ``RunService/changeWaiter(for:)``), so the sender and the server's
/// event streams wake at once on a change made through another server — across machines,
/// without polling. A connection of its own; one waiting thread at a time.
public final class ChangeWaiter: @unchecked Sendable {
  /// What a waiter wakes for.
  public enum Topic: Sendable, Hashable {
    /// Any write commit (runs, acknowledgements, keys, settings).
    case changes
    /// A commit that queued pushes.
    case pushes
  }

  private let listener: any ChangeListener
  private let channels: Set<StoreChannel>

  init(listener: any ChangeListener, topics: Set<Topic>) {
    self.listener = listener
    self.channels = Set(topics.map { $0 == .changes ? .runs : .outbox })
  }

  /// Waits up to `timeout` seconds for another connection's commit on one of the topics.
  /// - Returns: `true` when one came (or may have, after a reconnection), `false` on the
  ///   timeout.
  /// - Throws: ``ServiceError/database(_:)`` when the database cannot be reached.
  public func wait(timeout: Double) throws(ServiceError) -> Bool {
    do {
      return try listener.wait(for: channels, timeout: timeout)
    } catch {
      throw ServiceError(error)
    }
  }
}

extension RunService {
  /// A waiter for other connections' commits on `topics`, or `nil` when the engine cannot
  /// tell them (SQLite: poll ``dataVersion()`` instead).
  /// - Throws: ``ServiceError/database(_:)`` when its connection cannot be made.
  public func changeWaiter(for topics: Set<ChangeWaiter.Topic>) throws(ServiceError)
    -> ChangeWaiter?
  {
    do {
      return try store.makeListener().map { ChangeWaiter(listener: $0, topics: topics) }
    } catch {
      throw ServiceError(error)
    }
  }
}
