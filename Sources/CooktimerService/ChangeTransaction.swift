import CooktimerStore
import Foundation

/// The transaction of a change as a front end may add to it (``RunService/Finish``): only
/// the idempotent answer, so the change and its answer are stored together or not at all.
public struct ChangeTransaction {
  let tx: StoreTransaction

  /// Stores `reply` as `claim`'s first answer inside the change's transaction, and forgets
  /// every answer older than the claim's window (docs/api.md §2: kept 24 h).
  ///
  /// - Throws: ``ServiceError/database(_:)``, also when an answer is stored already: the
  ///   change rolls back.
  public func record(_ reply: IdempotentReply, for claim: IdempotencyClaim) throws(ServiceError) {
    let headers: String
    do {
      headers = String(decoding: try Self.encoder.encode(reply.headers), as: UTF8.self)
    } catch {
      throw ServiceError.invalid("the answer's header fields do not encode: \(error)")
    }
    do {
      try tx.storeIdempotentAnswer(
        IdempotentAnswer(
          apiKey: claim.caller, key: claim.key, method: claim.method, path: claim.path,
          bodyHash: claim.bodyHash, status: reply.status, headers: headers, body: reply.body,
          createdAt: claim.at),
        expiredBefore: claim.expiredBefore)
    } catch {
      throw ServiceError(error)
    }
  }

  func storedReply(for claim: IdempotencyClaim) throws(StoreError) -> IdempotentReply? {
    guard
      let answer = try tx.idempotentAnswer(
        apiKey: claim.caller, key: claim.key, method: claim.method, path: claim.path,
        notBefore: claim.expiredBefore)
    else { return nil }
    // Stored by this code as a JSON object of strings; anything else replays without them.
    let headers =
      (try? JSONDecoder().decode([String: String].self, from: Data(answer.headers.utf8))) ?? [:]
    return IdempotentReply(
      status: answer.status, headers: headers, body: answer.body,
      requestBodyHash: answer.bodyHash)
  }

  /// Sorted keys and `/` unescaped: the stored text is the same for the same fields.
  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
