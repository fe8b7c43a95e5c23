import CooktimerStore

/// Idempotent change requests (docs/api.md §2): the first answer to a key is kept, so a
/// retry hears it again instead of changing anything twice. A change stores its answer in
/// its own transaction (``ChangeTransaction/record(_:for:)``, through `finish`), so a crash
/// never leaves the change without the answer a retry would replay; other answers (a
/// refusal, which changed nothing) are stored after the fact with ``recordReply(_:for:)``.
extension RunService {
  /// The unexpired answer stored for `claim`'s caller, key, method and path, if any.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func storedReply(for claim: IdempotencyClaim) throws(ServiceError) -> IdempotentReply? {
    try reading { tx in try ChangeTransaction(tx: tx).storedReply(for: claim) }
  }

  /// The answer to a request carrying `claim`'s key, given once whichever server takes it:
  /// the stored answer, through `replay`, when one is stored; else `answer()`, which must
  /// store its answer in the transaction of its change (``ChangeTransaction/record(_:for:)``)
  /// or after it (``recordReply(_:for:)``). When `answer()` fails and meanwhile another
  /// request with this key — on another server, on another connection — stored an answer,
  /// that answer is replayed instead of the failure: the key's unique index made this
  /// transaction wait for the other's commit (PostgreSQL) or refused its insert after it
  /// (SQLite's one write lock), and this transaction rolled back, so its change is not
  /// stored twice (issue 21). A first request that failed before its commit stored nothing,
  /// so a retry runs `answer()`.
  ///
  /// - Throws: ``ServiceError/database(_:)`` from reading the stored answer; `answer()`'s
  ///   error when no answer is stored after it.
  public func answerOnce<T>(
    for claim: IdempotencyClaim, replaying replay: (IdempotentReply) -> T,
    _ answer: () throws -> T
  ) throws -> T {
    if let stored = try storedReply(for: claim) { return replay(stored) }
    do {
      return try answer()
    } catch {
      // A read that fails too (the connection lost) leaves the first failure to tell.
      guard let stored = try? storedReply(for: claim) else { throw error }
      return replay(stored)
    }
  }

  /// Stores `reply` as `claim`'s first answer in a transaction of its own, and forgets
  /// every answer older than the claim's window.
  ///
  /// - Throws: ``ServiceError/database(_:)``, also when an answer is stored already (another
  ///   request with this key won).
  public func recordReply(_ reply: IdempotentReply, for claim: IdempotencyClaim)
    throws(ServiceError)
  {
    try writing { tx in try ChangeTransaction(tx: tx).record(reply, for: claim) }
  }
}
