import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// A POST that carried `Idempotency-Key` (docs/api.md §2): its claim as the service keeps
/// it, and — once answered — whether its answer is stored yet. A change stores its answer in
/// its own transaction (``record(_:in:)``), so a crash can never leave the change without
/// the answer a retry would replay; other answers are stored after the fact.
final class IdempotentRequest {
  let claim: IdempotencyClaim
  private(set) var recorded = false

  init(caller: String, key: String, request: HTTPRequest, at: Instant, window: Int64) {
    claim = IdempotencyClaim(
      caller: caller, key: key, method: request.method, path: request.path,
      bodyHash: Self.bodyHash(request.body), at: at, window: window)
  }

  /// The SHA-256 of the body as JSON means it (keys sorted, spacing dropped), so a retry that
  /// spells the same object differently is the same request (docs/api.md §2); a body that is
  /// not JSON is hashed as its bytes.
  static func bodyHash(_ body: Data) -> String {
    guard !body.isEmpty, let value = try? JSONDecoder().decode(JSONValue.self, from: body),
      let canonical = try? JSONEncoder.sorted.encode(value)
    else { return Digest.sha256Hex(body) }
    return Digest.sha256Hex(canonical)
  }

  /// `response` as the service stores it.
  func reply(_ response: HTTPResponse) -> IdempotentReply {
    IdempotentReply(
      status: response.status.rawValue,
      headers: Dictionary(
        response.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
      body: Array(response.body), requestBodyHash: claim.bodyHash)
  }

  /// Stores `response` as the first answer inside `tx` (the change's own transaction).
  func record(_ response: HTTPResponse, in tx: ChangeTransaction) throws {
    try tx.record(reply(response), for: claim)
    recorded = true
  }

  /// The answer to a retry: the stored one again, or 422 when the body differs.
  func replay(_ answer: IdempotentReply) -> HTTPResponse {
    guard answer.requestBodyHash == claim.bodyHash else {
      return APIError.response(
        for: RequestError.keyReused(
          "Idempotency-Key \(claim.key) was used for another body on \(claim.method) "
            + "\(claim.path)"))
    }
    var headers = HTTPHeaders()
    for name in answer.headers.keys.sorted() { headers[name] = answer.headers[name] }
    // Tells the app the change was not made again (a convention of Stripe and others).
    headers["Idempotent-Replayed"] = "true"
    return HTTPResponse(
      status: HTTPStatus(rawValue: answer.status), headers: headers, body: Data(answer.body))
  }
}

/// Serializes requests that share an idempotency key inside this process, so a retry that
/// overtakes its original waits for its answer instead of changing the run twice. Striped:
/// unrelated keys rarely share a lock, and the set never grows.
final class KeyLocks: @unchecked Sendable {
  private let locks = (0..<64).map { _ in NSLock() }

  func with<T>(_ key: String, _ body: () throws -> T) rethrows -> T {
    var hasher = Hasher()
    hasher.combine(key)
    let lock = locks[Int(UInt(bitPattern: hasher.finalize()) % UInt(locks.count))]
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

extension JSONEncoder {
  /// Sorted keys and `/` unescaped, as every body the server sends.
  static var sorted: JSONEncoder { HTTPResponse.makeJSONEncoder() }
}
