import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

/// Every test that runs a server is nested in this suite, so they run one after another:
/// the timing checks (a slow client must not delay others by 100 ms) would otherwise
/// measure the load of the 200-request test.
@Suite(.serialized, .ownThread) enum ServerSuite {}

/// Thread-safe counters and values a handler and a test share.
final class Shared<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func update<R>(_ change: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return change(&stored)
  }
}

/// The default configuration with `change` applied.
func configuration(_ change: (inout HTTPServerConfiguration) -> Void) -> HTTPServerConfiguration {
  var configuration = HTTPServerConfiguration()
  change(&configuration)
  return configuration
}

/// A server on 127.0.0.1 and a port the system picks.
func startServer(
  _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
  handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
) throws -> HTTPServer {
  try HTTPServer(host: "127.0.0.1", port: 0, configuration: configuration, handler: handler)
}

extension HTTPServer {
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// The body as text, for comparing JSON byte for byte.
func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
