import CooktimerCore
import CooktimerHTTP
import CooktimerService
import CooktimerStore
import Foundation

/// A POST that carried `Idempotency-Key` (docs/api.md §2): who sent it, what it was, and —
/// once answered — whether its answer is stored yet. A change stores its answer in its own
/// transaction (``record(_:in:)``), so a crash can never leave the change without the
/// answer a retry would replay; other answers are stored after the fact.
final class IdempotentRequest {
  let caller: String
  let key: String
  let method: String
  let path: String
  let bodyHash: String
  let at: Instant
  /// Answers stored before this have expired (24 h by default).
  let expiredBefore: Instant
  private(set) var recorded = false

  init(caller: String, key: String, request: HTTPRequest, at: Instant, window: Int64) {
    self.caller = caller
    self.key = key
    self.method = request.method
    self.path = request.path
    self.bodyHash = Self.bodyHash(request.body)
    self.at = at
    self.expiredBefore = at - window
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

  /// The answer stored for this key, method and path, if it has not expired.
  func stored(_ tx: StoreTransaction) throws -> IdempotentAnswer? {
    try tx.idempotentAnswer(
      apiKey: caller, key: key, method: method, path: path, notBefore: expiredBefore)
  }

  /// Stores `response` as the first answer inside `tx` (the change's own transaction).
  func record(_ response: HTTPResponse, in tx: StoreTransaction) throws {
    let headers = Dictionary(
      response.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    let text = String(decoding: try JSONEncoder.sorted.encode(headers), as: UTF8.self)
    try tx.storeIdempotentAnswer(
      IdempotentAnswer(
        apiKey: caller, key: key, method: method, path: path, bodyHash: bodyHash,
        status: response.status.rawValue, headers: text, body: Array(response.body),
        createdAt: at),
      expiredBefore: expiredBefore)
    recorded = true
  }

  /// The answer to a retry: the stored one again, or 422 when the body differs.
  func replay(_ answer: IdempotentAnswer) -> HTTPResponse {
    guard answer.bodyHash == bodyHash else {
      return APIError.response(
        for: RequestError.keyReused(
          "Idempotency-Key \(key) was used for another body on \(method) \(path)"))
    }
    let fields =
      (try? JSONDecoder().decode([String: String].self, from: Data(answer.headers.utf8))) ?? [:]
    var headers = HTTPHeaders()
    for name in fields.keys.sorted() { headers[name] = fields[name] }
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
