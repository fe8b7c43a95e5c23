/// Sends requests and hands back the answers: what a sending loop needs of APNs. The real one
/// is ``APNsConnection``; tests drive the loop against a stand-in server through it.
public protocol APNsTransport {
  /// POSTs every request of `requests` with `authorization: bearer {jwt}`, several at once
  /// (HTTP/2 streams side by side on one connection), and calls `answered` with the answers
  /// as they come, in waves: each request's answer once, any HTTP status included, or its
  /// error — ``APNsError/transport(_:)`` when there is no answer,
  /// ``APNsError/notHTTP2(_:)`` when it did not come over HTTP/2.
  ///
  /// No request is started once `stop` returns true; those already started are answered
  /// first (so an answer's absence means the request was never sent). When `answered`
  /// throws, the requests still in flight are abandoned (their answers are lost) and the
  /// error is rethrown.
  func send(
    _ requests: [APNsRequest], jwt: String, until stop: () -> Bool,
    answered: ([APNsAnswer]) throws -> Void
  ) rethrows
}

/// The answer to one request of a batch given to ``APNsTransport/send(_:jwt:until:answered:)``.
public struct APNsAnswer: Sendable {
  /// The request's position in the batch.
  public var index: Int
  /// APNs' answer, or why none came.
  public var result: Result<APNsResponse, APNsError>

  public init(index: Int, result: Result<APNsResponse, APNsError>) {
    self.index = index
    self.result = result
  }
}

extension APNsTransport {
  /// POSTs one request and returns its answer, whatever its status.
  /// - Throws: ``APNsError/transport(_:)`` when there is no answer,
  ///   ``APNsError/notHTTP2(_:)`` when the answer did not come over HTTP/2.
  public func send(_ request: APNsRequest, jwt: String) throws(APNsError) -> APNsResponse {
    var result: Result<APNsResponse, APNsError> = .failure(.transport("no answer"))
    send(
      [request], jwt: jwt, until: { false },
      answered: { answers in
        if let answer = answers.first { result = answer.result }
      })
    return try result.get()
  }
}
