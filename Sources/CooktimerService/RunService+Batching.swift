import CooktimerStore

/// The server's group commit over run locks: several callers' use cases in one transaction
/// that holds only the rows it changes (PostgreSQL), so two servers' batches of different
/// runs commit side by side (docs/architecture.md §6, docs/deploy.md §6).
extension RunService {
  /// ``batch(_:)`` holding run locks only (``RunStore/batch(changingRuns:_:)``): each part
  /// (``batchPart(_:)``) whose use case writes the whole schema, or that lost a deadlock to
  /// another server's batch, fails with `.busy` and nothing written — run those again alone
  /// (``runsAgainAlone(_:)``) once the batch has committed. On SQLite, ``batch(_:)``.
  ///
  /// - Throws: the commit's ``ServiceError/database(_:)`` (nothing of the batch stored), or
  ///   `body`'s error after rolling everything back.
  public func batchOfRunChanges<T>(_ body: () throws -> T) throws -> T {
    do {
      return try store.batch(changingRuns: true, body)
    } catch let error as StoreError {
      throw ServiceError(error)
    }
  }

  /// One caller's part of a batch, in a savepoint of its own: when it throws, every write it
  /// made is undone (the rest of the batch kept), so it can run again alone. Its error is
  /// passed on as thrown.
  public func batchPart<T>(_ body: () throws -> T) throws -> T {
    do {
      return try store.batchPart(body)
    } catch let error as StoreError {
      throw ServiceError(error)
    }
  }

  /// Whether a part of ``batchOfRunChanges(_:)`` that threw `error` should run again alone:
  /// the database was busy (a whole-schema write, a deadlock with another batch), which a
  /// transaction of its own waits out.
  public static func runsAgainAlone(_ error: any Error) -> Bool {
    guard case .database(let failure)? = error as? ServiceError else { return false }
    return failure.kind == .busy
  }
}
