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
