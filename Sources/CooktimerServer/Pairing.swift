import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// Pairing a screen (docs/api.md §2.1): the address the links name, which is known only once
/// the server listens (its port may be chosen then). The codes are in the database
/// (``RunService/makePairingCode(at:)``), so any server redeems a code any server made.
public final class Pairing: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var base = ""

  init() {}

  /// `https://192.168.1.20:8417`: where a screen on the network reaches this server.
  public var baseURL: String {
    get { lock.withLock { base } }
    set { lock.withLock { base = newValue } }
  }

  /// The link that opens the kitchen page and trades `code` there: the code in the
  /// fragment, which a browser never sends to a server or writes to its logs.
  public func link(for code: PairingCode) -> String {
    baseURL + "/#pair=" + code.text
  }
}

/// `POST /v1/pair` and `POST /v1/pair/codes`.
enum PairingRoutes {
  static let refusal =
    "this pairing code is wrong, used or expired (a code is good once, for 10 minutes): "
    + "ask serve for a new one"

  /// `POST /v1/pair {"code", "name"?}`: 201 `{"name", "key", "createdAt"}`, a new API key
  /// for the screen that holds the code; 403 for a code that is not outstanding; 400 for a
  /// missing code or a bad name (the code stays good).
  static func pair(_ call: APICall, _ pairing: Pairing) throws -> HTTPResponse {
    let body = try call.body(required: true)
    let code = try body.string("code", required: true)!
    let requested = try body.string("name")
    if let requested, !APIKey.isValidName(requested) {
      throw RequestError.badRequest(
        "\"name\" is 1 to 64 characters without spaces or control characters")
    }
    guard let created = try call.service.pair(code: code, name: requested, at: call.now) else {
      throw RequestError.forbidden(refusal)
    }
    return try .json(
      PairedKey(
        name: created.record.name, key: created.key,
        createdAt: created.record.createdAt.description), status: .created)
  }

  /// `POST /v1/pair/codes`: 201 `{"code", "link", "expiresAt"}`.
  static func newCode(_ call: APICall, _ pairing: Pairing) throws -> HTTPResponse {
    let code = try call.service.makePairingCode(at: call.now)
    return try .json(
      NewPairingCode(
        code: code.text, link: pairing.link(for: code), expiresAt: code.expiresAt.description),
      status: .created)
  }

  /// `requested` if no valid key has it, else with `-2`, `-3`, … (cut to stay within 64
  /// characters); with none asked for, `paired1`, `paired2`, … the first free.
  static func freeName(_ requested: String?, taken: Set<String>) -> String {
    APIKey.freeName(requested, taken: taken)
  }
}

/// The answer of `POST /v1/pair`.
struct PairedKey: Encodable {
  var name: String
  var key: String
  var createdAt: String
}

/// The answer of `POST /v1/pair/codes`.
struct NewPairingCode: Encodable {
  var code: String
  var link: String
  var expiresAt: String
}
