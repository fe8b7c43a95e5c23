import CooktimerCore
import CooktimerStore
import Foundation

/// What a watcher of the database reads (the server's event streams, docs/api.md §3), and
/// the server's group commit: each a use case here, so the server never holds the store.
extension RunService {
  /// A number that differs from every earlier one once another connection (process) has
  /// committed: SQLite's `PRAGMA data_version` (https://sqlite.org/pragma.html#pragma_data_version).
  /// This connection's own commits do not change it, so a watcher keeps a service of its own
  /// that never writes the runs. Read it before the state it stands for.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func dataVersion() throws(ServiceError) -> Int64 {
    do { return try store.dataVersion() } catch { throw ServiceError(error) }
  }

  /// The active runs and those of `also` (runs seen active before, to tell of their end),
  /// each settled at `now` with its acknowledgement, in one read: oldest active first, then
  /// `also` in its order (ids not stored are left out).
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func watchedRuns(also: [String] = [], at now: Instant? = nil) throws(ServiceError)
    -> [WatchedRun]
  {
    let now = now ?? clock.now()
    return try reading { tx in try watched(tx, also: also, at: now) }
  }

  /// The active runs (with `activeToo`) and those of `also` (each once, ids not stored left
  /// out), settled at `now` with their acknowledgements.
  private func watched(
    _ tx: StoreTransaction, also: [String], at now: Instant, activeToo: Bool = true
  ) throws -> [WatchedRun] {
    var runs = activeToo ? try tx.activeRuns() : []
    var included = Set(runs.map(\.id))
    for id in also where !included.contains(id) {
      included.insert(id)
      if let run = try tx.run(id: id) { runs.append(run) }
    }
    // The acknowledgement comes with each run's row (one query, not one more per run).
    return runs.map { stored in
      WatchedRun(
        run: stored.settled(at: max(now, stored.lastChange)).run,
        acknowledgedAt: stored.acknowledgedUntil)
    }
  }

  /// Where a new watcher starts in the change log: after the newest change, once every
  /// transaction that may hold a lower number has ended (PostgreSQL: waits, up to `timeout`
  /// seconds, for the snapshot's `xmin` to pass the first read's `xmax`; a few milliseconds
  /// unless a transaction is long), so the state the watcher reads next includes them all
  /// (``ChangeCursor``).
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func changeLogStart(timeout: Double = 2) throws(ServiceError) -> ChangeCursor {
    let (newest, first) = try reading { tx in
      (try tx.changeBounds()?.newest ?? 0, try tx.changeSnapshot())
    }
    if let first {
      // Counted, not clocked: the service's clock may be a test's, standing still.
      var tries = Int(timeout / 0.002)
      while tries > 0, try reading({ tx in try tx.changeSnapshot()?.xmin ?? .max }) < first.xmax {
        tries -= 1
        Thread.sleep(forTimeInterval: 0.002)
      }
    }
    return ChangeCursor(after: newest)
  }

  /// One look of a watcher, in one snapshot: the changes after `cursor` that may be told
  /// (``ChangeCursor``; the cursor moves past them only when the read succeeds), and the
  /// runs of the changes, those of `also` (seen active before: to tell of their end) and,
  /// with `everyActive`, every active run, each settled at `now` with its acknowledgement.
  /// Without `everyActive` a look reads only what changed: every run write logs a change,
  /// so a watcher that read every active run once keeps up from the changes alone.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func watch(
    _ cursor: inout ChangeCursor, also: [String] = [], everyActive: Bool = true,
    at now: Instant
  ) throws(ServiceError) -> WatchLook {
    var moved = cursor
    let look = try reading { tx in
      let snapshot = try tx.changeSnapshot()
      let changes = moved.take(
        try tx.changes(after: moved.last, also: moved.skipped), snapshot: snapshot
      )
      .map(RunChange.init)
      var ids = also
      ids += changes.map(\.runID)
      return WatchLook(
        changes: changes, runs: try watched(tx, also: ids, at: now, activeToo: everyActive))
    }
    cursor = moved
    return look
  }

  /// The changes after `seq` up to `through` (the newest id the asking server told), each
  /// with its run now, for a client's `Last-Event-ID` (docs/api.md §1.4).
  ///
  /// - Parameter limit: the most changes replayed: a client further behind gets a resync,
  ///   one event with every active run, cheaper for both sides than thousands of events.
  /// - Returns: ``ChangeReplay/unknown`` for an id below what the log keeps (rows after it
  ///   were pruned), above its newest change, or more than `limit` changes behind;
  ///   ``ChangeReplay/ahead`` for an id above `through` the log has.
  /// - Throws: ``ServiceError/database(_:)``.
  public func replay(
    after seq: Int64, through: Int64, limit: Int = 10_000, at now: Instant? = nil
  ) throws(ServiceError) -> ChangeReplay {
    let now = now ?? clock.now()
    return try reading { tx in
      // Pruning deletes a prefix: with the oldest row at most one past `seq`, every change
      // after `seq` is still there.
      guard seq >= 0, let bounds = try tx.changeBounds(), seq >= bounds.oldest - 1,
        seq <= bounds.newest
      else {
        return seq == 0 && through == 0 ? .changes([]) : .unknown
      }
      if seq > through { return .ahead }
      let changes = try tx.changes(after: seq, through: through, limit: limit + 1)
        .map(RunChange.init)
      if changes.count > limit { return .unknown }
      let runs = try watched(tx, also: changes.map(\.runID), at: now, activeToo: false)
      let byID = Dictionary(runs.map { ($0.run.id, $0) }, uniquingKeysWith: { first, _ in first })
      return .changes(changes.compactMap { change in byID[change.runID].map { (change, $0) } })
    }
  }

  /// Runs `body` — several use cases of this service — in one transaction with one commit
  /// (group commit: one `fsync` for the server's changes that arrive together,
  /// docs/architecture.md §6). Each use case inside is a savepoint: one that throws undoes
  /// only its own writes. Only this thread may use the service until it returns.
  ///
  /// - Throws: the commit's ``ServiceError/database(_:)`` (then nothing of the batch is
  ///   stored), or `body`'s error after rolling everything back.
  public func batch<T>(_ body: () throws -> T) throws -> T {
    do {
      return try store.batch(body)
    } catch let error as StoreError {
      throw ServiceError(error)
    }
  }

  /// The database file this service works on.
  public var databasePath: String { store.path }

  /// A service like this one (clock, zone, settings) on a connection of its own to the same
  /// database: for another thread (the server's pool, its watcher, the sender).
  ///
  /// - Throws: ``ServiceError/database(_:)`` when the file does not open.
  public func onNewConnection() throws(ServiceError) -> RunService {
    do {
      return RunService(
        store: try RunStore.open(location: databasePath), clock: clock, zone: zone,
        settings: settings,
        makeAPNsID: makeAPNsID)
    } catch {
      throw ServiceError(error)
    }
  }
}
