import CMicroHTTPD
import Foundation

/// Reading a finished request from, and queueing an answer on, one libmicrohttpd connection.
/// Called only from the access handler, on the connection's pool thread.
enum ConnectionExchange {
  /// A request from one of `trustedProxies` is the client's its headers name
  /// (``TrustedProxy``), with ``HTTPRequest/proxyAddress`` the proxy's.
  static func request(
    on connection: OpaquePointer, method: String, state: RequestState,
    trustedProxies: [TrustedProxy]
  ) -> HTTPRequest {
    let path = String(state.target.prefix { $0 != "?" })
    let peer = SocketAddress.describe(cooktimer_mhd_client_address(connection))
    let headers = HTTPHeaders(state.fields)
    var request = HTTPRequest(
      method: method, path: path, body: state.body, remoteAddress: peer.text,
      isLoopback: peer.isLoopback)
    if trustedProxies.trusts(peer.text) {
      let client = trustedProxies.client(of: peer.text, headers: headers)
      request.remoteAddress = client
      request.isLoopback = TrustedProxy.isLoopback(client)
      request.proxyAddress = peer.text
    }
    request.headers = headers
    request.queryItems = values(of: .GET_ARGUMENT_KIND, on: connection).map {
      URLQueryItem(name: $0.name, value: $0.value)
    }
    return request
  }

  /// The header fields as sent, in order.
  static func fields(on connection: OpaquePointer) -> [HTTPHeaders.Field] {
    values(of: .HEADER_KIND, on: connection).map {
      HTTPHeaders.Field(name: $0.name, value: $0.value ?? "")
    }
  }

  /// The declared `Content-Length` (libmicrohttpd has already refused a malformed one).
  static func declaredLength(on connection: OpaquePointer) -> UInt64? {
    cooktimer_mhd_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
      .flatMap { UInt64(String(cString: $0)) }
  }

  /// Hands `response` to libmicrohttpd, which copies the body; returns what the access
  /// handler returns.
  /// `request` is the request answered, when there was a whole one (an event stream is
  /// counted against its client).
  static func queue(
    _ response: HTTPResponse, on connection: OpaquePointer, context: ServerContext,
    for request: HTTPRequest? = nil
  ) -> MHD_Result {
    var response = response
    if let stream = response.eventStream,
      let refusal = context.admit(stream, client: request.map(StreamClient.of) ?? "")
    {
      // Never attached: its termination handlers run now, and the application's next write
      // finds it closed.
      stream.detach()
      response = refusal
    }
    guard let mhdResponse = makeResponse(response, on: connection, context: context) else {
      return .NO
    }
    defer { cooktimer_mhd_destroy_response(mhdResponse) }
    for field in response.headers {
      if cooktimer_mhd_add_response_header(mhdResponse, field.name, field.value) == .NO {
        context.log("refused response header \(field.name)\n")
      }
    }
    if context.isDraining {
      // Keep-alive clients learn to open their next connection elsewhere (RFC 9112 §9.6).
      cooktimer_mhd_add_response_header(mhdResponse, "Connection", "close")
    }
    return cooktimer_mhd_queue_response(connection, UInt32(response.status.rawValue), mhdResponse)
  }

  private static func makeResponse(
    _ response: HTTPResponse, on connection: OpaquePointer, context: ServerContext
  ) -> OpaquePointer? {
    guard let stream = response.eventStream else {
      return response.body.withUnsafeBytes { bytes in
        cooktimer_mhd_create_response_from_buffer(
          bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
          .RESPMEM_MUST_COPY)
      }
    }
    let attached = stream.attach(
      to: connection, bufferLimit: context.configuration.eventStreamBufferBytes,
      onDetach: { [context] in context.unregister($0) })
    guard attached else {
      context.log("an event stream was returned for a second response\n")
      return nil
    }
    let retained = Unmanaged.passRetained(stream).toOpaque()
    let made = cooktimer_mhd_create_response_from_callback(
      cooktimer_mhd_size_unknown, 4096, eventStreamRead, retained, eventStreamFree)
    if made == nil { eventStreamFree(retained) }
    return made
  }

  private static func values(of kind: MHD_ValueKind, on connection: OpaquePointer)
    -> [(name: String, value: String?)]
  {
    var pairs: [(name: String, value: String?)] = []
    withUnsafeMutablePointer(to: &pairs) { pointer in
      _ = cooktimer_mhd_get_connection_values(connection, kind, collectValue, pointer)
    }
    return pairs
  }
}

private func collectValue(
  _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
  _ value: UnsafePointer<CChar>?
) -> MHD_Result {
  guard let cls, let key else { return .YES }
  cls.assumingMemoryBound(to: [(name: String, value: String?)].self).pointee.append(
    (String(cString: key), value.map { String(cString: $0) }))
  return .YES
}

private func eventStreamRead(
  _ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?,
  _ max: Int
) -> Int {
  guard let cls, let buffer else { return cooktimer_mhd_end_with_error }
  return Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue().read(
    into: buffer, max: max)
}

private func eventStreamFree(_ cls: UnsafeMutableRawPointer?) {
  guard let cls else { return }
  Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue().detach()
}
