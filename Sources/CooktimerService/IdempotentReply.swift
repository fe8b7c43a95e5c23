/// The first answer to an ``IdempotencyClaim``, as stored and replayed: HTTP status, header
/// fields, body bytes, and the body digest of the request it answered.
public struct IdempotentReply: Hashable, Sendable {
  public var status: Int
  public var headers: [String: String]
  public var body: [UInt8]
  /// ``IdempotencyClaim/bodyHash`` of the request first answered.
  public var requestBodyHash: String

  public init(status: Int, headers: [String: String], body: [UInt8], requestBodyHash: String) {
    self.status = status
    self.headers = headers
    self.body = body
    self.requestBodyHash = requestBodyHash
  }
}
