/// Sends one request and returns the answer: what a sending loop needs of APNs. The real one
/// is ``APNsConnection``; tests drive the loop against a stand-in server through it.
public protocol APNsTransport {
  /// POSTs `request` with `authorization: bearer {jwt}` and returns any HTTP answer (error
  /// statuses included).
  /// - Throws: ``APNsError/transport(_:)`` when there is no answer,
  ///   ``APNsError/notHTTP2(_:)`` when the answer did not come over HTTP/2.
  func send(_ request: APNsRequest, jwt: String) throws(APNsError) -> APNsResponse
}
