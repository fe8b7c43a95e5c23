import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Debian's `nghttpd` (package nghttp2-server) as a fast HTTP/2 + TLS server for the push
/// throughput figure, where the Python stand-in's own ~800 requests per second would be the
/// limit. It serves files from a folder, so `POST /3/device/TOKEN` is answered 200 with an
/// empty body, once the request's body is read, when the file `3/device/TOKEN` exists (404
/// otherwise). Its certificate is self-signed with `openssl req` and trusted as the CA file.
/// `h2load` (nghttp2-client) gives the floor: what one connection to it carries with nothing
/// of ours in the way. Either tool missing: the figure is skipped, saying what to install.
final class HTTP2Server {
  static let install = "apt-get install -y nghttp2-server nghttp2-client openssl"

  let folder: Fixtures.ScratchFolder
  let port: UInt16
  private let process: Process
  private let h2load: String

  var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }
  var caFile: String { folder.path + "/cert.pem" }

  /// Starts nghttpd on a free loopback port, answering 200 for each of `tokens`.
  init(tokens: [String]) throws {
    guard let nghttpd = Tool.find("nghttpd"), let h2load = Tool.find("h2load"),
      let openssl = Tool.find("openssl")
    else { throw BenchSkip("no nghttpd, h2load or openssl found; \(Self.install)") }
    self.h2load = h2load
    folder = try Fixtures.ScratchFolder()
    let devices = folder.path + "/root/3/device"
    try FileManager.default.createDirectory(atPath: devices, withIntermediateDirectories: true)
    for token in tokens {
      _ = FileManager.default.createFile(atPath: devices + "/" + token, contents: Data())
    }
    _ = try Tool.run(
      openssl,
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
        "-keyout", folder.path + "/key.pem", "-out", folder.path + "/cert.pem", "-days", "1",
        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
      ])
    port = try Loopback.freePort()
    process = Process()
    process.executableURL = URL(fileURLWithPath: nghttpd)
    process.arguments = [
      "-a", "127.0.0.1", "-d", folder.path + "/root", String(port), folder.path + "/key.pem",
      folder.path + "/cert.pem",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = WallClock.monotonic() + 5_000_000_000
    while true {
      if let fd = try? Loopback.connect(port: port) {
        close(fd)
        break
      }
      guard process.isRunning, WallClock.monotonic() < deadline else {
        stop()
        throw BenchError("nghttpd did not listen on 127.0.0.1:\(port)")
      }
      usleep(20_000)
    }
  }

  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    folder.remove()
  }

  /// Requests per second of h2load over one connection with `streams` streams at once:
  /// `requests` POSTs of `body` to `token`'s path, with APNs' headers.
  func floorRate(token: String, requests: Int, streams: Int, body: Data, headers: [String])
    throws -> Double
  {
    let bodyFile = folder.path + "/body.json"
    try body.write(to: URL(fileURLWithPath: bodyFile))
    let text = try Tool.run(
      h2load,
      ["-n", String(requests), "-c", "1", "-m", String(streams), "-d", bodyFile]
        + headers.flatMap { ["-H", $0] } + [baseURL.absoluteString + "/3/device/" + token])
    // "finished in 30.46ms, 65653.42 req/s, 1.69MB/s" and "status codes: 2000 2xx, …".
    guard text.contains("status codes: \(requests) 2xx"),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("finished in") }),
      let rate = line.split(separator: ",").dropFirst().first
        .flatMap({ Double($0.split(separator: " ")[0]) })
    else { throw BenchError("h2load said: \(text)") }
    return rate
  }

}
