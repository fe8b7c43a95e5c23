import Foundation

extension APNsStandIn {
  /// One request as the stand-in logged it.
  public struct Request: Decodable, Sendable {
    /// When it arrived, Unix seconds with microseconds (the stand-in's clock).
    public var time: Double
    /// The client's `host:port`: one value per TCP connection.
    public var connection: String
    /// "2" for HTTP/2.
    public var httpVersion: String
    public var method: String
    public var path: String
    /// The device token of the path, as sent.
    public var token: String?
    /// Header names lowercased, as HTTP/2 sends them.
    public var headers: [String: String]
    /// The body as UTF-8 text.
    public var body: String
    /// The provider token after `bearer `.
    public var jwt: String?
    /// The answer's status and reason.
    public var status: Int
    public var reason: String?
    /// The answer's `apns-id` header.
    public var apnsID: String
    /// How long the answer was held back by the script, seconds.
    public var delay: Double

    enum CodingKeys: String, CodingKey {
      case time, connection, method, path, token, headers, body, jwt, status, reason, delay
      case httpVersion = "http_version"
      case apnsID = "apns_id"
    }
  }

  /// Scripted answers for one device token (or `"*"` for any), given in order to valid
  /// requests; once they are used up, requests are answered as usual.
  public struct Rule: Encodable, Sendable {
    public var token: String
    public var answers: [Answer]

    public init(token: String, answers: [Answer]) {
      self.token = token
      self.answers = answers
    }
  }

  /// A status, its `reason` (nil for none) and how long to hold the answer back, seconds.
  public struct Answer: Encodable, Sendable {
    public var status: Int
    public var reason: String?
    public var delay: Double

    public init(_ status: Int, _ reason: String? = nil, delay: Double = 0) {
      self.status = status
      self.reason = reason
      self.delay = delay
    }

    // The script's shape: [status, reason-or-null, delay].
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(status)
      if let reason { try container.encode(reason) } else { try container.encodeNil() }
      try container.encode(delay)
    }
  }
}
