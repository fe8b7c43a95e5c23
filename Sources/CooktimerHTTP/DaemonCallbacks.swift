import CMicroHTTPD
import Foundation

// The C callbacks libmicrohttpd calls on its pool threads. They stay thin: collect the
// request, call the handler once, queue the answer. Limits on connection counts and idle
// time are libmicrohttpd options; the body limit, the head's checks (``RequestHead``) and the
// header and body deadlines (``ConnectionDeadlines``) are here, as 0.9.75 has none.

/// More bytes than this beyond the body limit in a chunked upload (which declares no length)
/// and the connection is dropped rather than read to its end for a 413.
private let discardCeiling = 1 << 20

func serverContext(_ cls: UnsafeMutableRawPointer?) -> ServerContext? {
  cls.map { Unmanaged<ServerContext>.fromOpaque($0).takeUnretainedValue() }
}

/// First sight of a request (its request line): the raw target, before libmicrohttpd
/// unescapes it, becomes the request's state.
func daemonURILog(
  _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  let state = RequestState(target: uri.map { String(cString: $0) } ?? "/")
  serverContext(cls)?.requestStateMade()
  return Unmanaged.passRetained(state).toOpaque()
}

/// Called after the headers, once per piece of body, and once more when the request is
/// complete (`upload_data_size` 0), which is when the handler runs.
func daemonAccess(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
  _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
  _ requestCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let context = serverContext(cls), let connection, let method, let uploadSize,
    let statePointer = requestCls?.pointee
  else { return .NO }
  let state = Unmanaged<RequestState>.fromOpaque(statePointer).takeUnretainedValue()
  let limit = context.configuration.maximumBodyBytes

  let key = UInt(bitPattern: connection)
  if !state.headersSeen {
    state.headersSeen = true
    state.counted = true
    context.requestBegan()
    context.deadlines.awaitingBody(key, at: ConnectionDeadlines.now())
    state.fields = ConnectionExchange.fields(on: connection)
    // Answering now, before 100 Continue, makes libmicrohttpd skip the body and close.
    if let refusal = RequestHead.refusal(
      target: state.target, version: version.map { String(cString: $0) } ?? "HTTP/1.1",
      fields: state.fields, configuration: context.configuration)
    {
      return ConnectionExchange.queue(refusal, on: connection, context: context)
    }
    if let declared = ConnectionExchange.declaredLength(on: connection), declared > UInt64(limit) {
      // A client that sent the body without waiting for 100 Continue (a proxy: nginx does)
      // would get a reset, not the 413, if the connection closed with its body unread; a
      // body up to the ceiling is read and dropped first, so the answer arrives.
      let waits = state.fields.contains {
        $0.name.lowercased() == "expect" && $0.value.lowercased() == "100-continue"
      }
      if waits || declared > UInt64(limit + discardCeiling) {
        return ConnectionExchange.queue(tooLarge(limit), on: connection, context: context)
      }
      state.bodyTooLarge = true
      return .YES
    }
    return .YES
  }
  if uploadSize.pointee > 0, let uploadData {
    let count = uploadSize.pointee
    uploadSize.pointee = 0
    if state.bodyTooLarge || state.body.count + count > limit {
      state.bodyTooLarge = true
      state.body = Data()
      state.discardedBytes += count
      return state.discardedBytes > discardCeiling ? .NO : .YES
    }
    state.body.append(
      UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: count)
    return .YES
  }
  context.deadlines.answered(key)
  if state.bodyTooLarge {
    return ConnectionExchange.queue(tooLarge(limit), on: connection, context: context)
  }
  let request = ConnectionExchange.request(
    on: connection, method: String(cString: method), state: state,
    trustedProxies: context.configuration.trustedProxies)
  return ConnectionExchange.queue(
    context.handler(request), on: connection, context: context, for: request)
}

/// The request is over (answered, or the connection failed or closed): free its state.
func daemonCompleted(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ requestCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ reason: MHD_RequestTerminationCode
) {
  guard let requestCls, let statePointer = requestCls.pointee else { return }
  requestCls.pointee = nil
  let state = Unmanaged<RequestState>.fromOpaque(statePointer).takeRetainedValue()
  let context = serverContext(cls)
  context?.requestStateFreed()
  if state.counted { context?.requestEnded() }
  // A kept-alive connection owes its next header block from now (a closing one is
  // forgotten by the close notification that follows).
  if let connection {
    context?.deadlines.awaitingHeaders(
      UInt(bitPattern: connection), at: ConnectionDeadlines.now())
  }
}

/// A connection opened or is closing (before its socket is closed): the deadlines follow it.
func daemonNotifyConnection(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ code: MHD_ConnectionNotificationCode
) {
  guard let context = serverContext(cls), let connection else { return }
  let key = UInt(bitPattern: connection)
  if code == .CONNECTION_NOTIFY_STARTED {
    context.deadlines.opened(
      key, socket: cooktimer_mhd_connection_socket(connection), at: ConnectionDeadlines.now())
    context.addresses?.opened(
      key, from: SocketAddress.describe(cooktimer_mhd_client_address(connection)).text)
  } else {
    context.deadlines.closed(key)
    context.addresses?.closed(key)
  }
}

/// Asked before a connection is accepted, only when there are trusted proxies (otherwise
/// libmicrohttpd's own per-address limit applies): see ``AddressConnections``.
func daemonAcceptPolicy(
  _ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> MHD_Result {
  guard let addresses = serverContext(cls)?.addresses else { return .YES }
  return addresses.admits(SocketAddress.describe(address).text) ? .YES : .NO
}

/// libmicrohttpd's printf-style messages.
func daemonLog(
  _ cls: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?,
  _ arguments: CVaListPointer?
) {
  guard let context = serverContext(cls), let format, let arguments else { return }
  var buffer = [CChar](repeating: 0, count: 512)
  let length = Int(max(0, min(vsnprintf(&buffer, buffer.count, format, arguments), 511)))
  context.log(String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

private func tooLarge(_ limit: Int) -> HTTPResponse {
  .error(.contentTooLarge, "the request body is larger than \(limit) bytes")
}
