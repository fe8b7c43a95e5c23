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
    return try reading { tx in
      var runs = try tx.activeRuns()
      let active = Set(runs.map(\.id))
      for id in also where !active.contains(id) {
        if let run = try tx.run(id: id) { runs.append(run) }
      }
      // The acknowledgement comes with each run's row (one query, not one more per run).
      return runs.map { stored in
        WatchedRun(
          run: stored.settled(at: max(now, stored.lastChange)).run,
          acknowledgedAt: stored.acknowledgedUntil)
      }
    }
  }

  /// Reserves a block of a stored sequence (the server's event ids, hi/lo): the setting
  /// `key` moves to `max(stored, above) + max(block, count)`.
  ///
  /// - Returns: the stored value before and after.
  /// - Throws: ``ServiceError/database(_:)`` (busy while another process writes).
  public func reserveSequence(_ key: String, above: Int64, block: Int64, count: Int64 = 0)
    throws(ServiceError) -> (stored: Int64, top: Int64)
  {
    try writing { tx in
      let stored = Int64(try tx.setting(key) ?? "") ?? 0
      let top = max(stored, above) + max(block, count)
      try tx.setSetting(key, String(top))
      return (stored, top)
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
