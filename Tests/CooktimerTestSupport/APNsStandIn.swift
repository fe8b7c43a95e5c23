import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running `Tests/APNsStandIn/standin.py`: a local APNs over HTTP/2 and TLS with its own CA,
/// checking provider tokens against a test key. Started in the initialiser, ended by
/// ``stop()`` or when the value goes away; it also ends by itself when this process dies (it
/// watches its stdin).
public final class APNsStandIn {
  /// The server's folder: CA, log, script, stderr.
  public let folder: URL
  /// The port it listens on, at 127.0.0.1.
  public let port: Int
  /// `https://127.0.0.1:PORT`.
  public var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }
  /// The CA certificate (PEM) that signed the server's certificate.
  public var caFile: String { folder.appendingPathComponent("ca.pem").path }
  /// One JSON line per request received.
  public var logFile: String { folder.appendingPathComponent("requests.jsonl").path }
  /// The scripted answers (see ``script(_:)``).
  public var scriptFile: String { folder.appendingPathComponent("script.json").path }
  private let process: Process
  private let input: Pipe

  /// Starts a stand-in that accepts provider tokens signed by the key in `publicKeyFile`
  /// (PEM) with `kid` `keyID` and `iss` `teamID`.
  /// - Parameters:
  ///   - topic: the only `apns-topic` it accepts (400 DeviceTokenNotForTopic otherwise), or
  ///     nil for any that ends in `.push-type.liveactivity`.
  ///   - now: Unix seconds it takes as the time when judging a token's age (403
  ///     ExpiredProviderToken past one hour), or nil for its clock.
  ///   - script: answers to give first (see ``script(_:)``).
  /// - Throws: ``TestSupportError`` when the venv cannot be made or the server does not say
  ///   READY within 30 s.
  public init(
    publicKeyFile: String, keyID: String, teamID: String, topic: String? = nil,
    now: Int64? = nil, script: [Rule] = []
  ) throws {
    let python = try TestVenv.python()
    let folder = try TestPaths.temporaryFolder("cooktimer-apns-standin")
    let file = { (name: String) in folder.appendingPathComponent(name).path }
    var arguments = [
      TestPaths.standInFolder.appendingPathComponent("standin.py").path,
      "--ca-out", file("ca.pem"), "--public-key", publicKeyFile, "--key-id", keyID,
      "--team-id", teamID, "--log", file("requests.jsonl"), "--script", file("script.json"),
    ]
    if let topic { arguments += ["--topic", topic] }
    if let now { arguments += ["--now", String(now)] }
    try Self.writeScript(script, to: file("script.json"))
    try Data().write(to: URL(fileURLWithPath: file("stderr.txt")))
    let output = Pipe()
    self.folder = folder
    process = Process()
    input = Pipe()
    process.executableURL = python
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: file("stderr.txt"))
    try process.run()
    do {
      let line = try Self.readLine(output.fileHandleForReading, within: .seconds(30))
      guard line.hasPrefix("READY port="), let port = Int(line.dropFirst("READY port=".count))
      else { throw TestSupportError("the stand-in said \(line.debugDescription)") }
      self.port = port
    } catch {
      process.terminate()
      process.waitUntilExit()
      let stderr = (try? String(contentsOfFile: file("stderr.txt"), encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: folder)
      throw TestSupportError("APNs stand-in did not start: \(error); stderr: \(stderr)")
    }
  }

  deinit { stop() }

  /// Ends the server and removes its folder. Safe to call more than once.
  public func stop() {
    try? input.fileHandleForWriting.close()
    if process.isRunning {
      process.terminate()
      let deadline = ContinuousClock.now + .seconds(5)
      while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Every request received so far, in order of arrival. A request's line is written before
  /// its answer is sent, so after a client has its answer the request is here.
  public func requests() throws -> [Request] {
    guard let data = FileManager.default.contents(atPath: logFile) else { return [] }
    let decoder = JSONDecoder()
    // Only whole lines: one being written while we read (a long line takes more than one
    // write) is left for the next call.
    guard let end = data.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
    return try data[..<end].split(separator: UInt8(ascii: "\n")).map {
      try decoder.decode(Request.self, from: Data($0))
    }
  }

  /// Replaces the scripted answers; the stand-in reads them again on its next request.
  public func script(_ rules: [Rule]) throws {
    try Self.writeScript(rules, to: scriptFile)
  }

  private static func writeScript(_ rules: [Rule], to path: String) throws {
    try JSONEncoder().encode(rules).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  private static func readLine(_ handle: FileHandle, within limit: Duration) throws -> String {
    var collected = [UInt8]()
    let deadline = ContinuousClock.now + limit
    while !collected.contains(UInt8(ascii: "\n")) {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { throw TestSupportError("no READY line after \(limit)") }
      var request = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(left.components.seconds * 1000 + 1)
      guard poll(&request, 1, milliseconds) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(handle.fileDescriptor, &buffer, buffer.count)
      guard count > 0 else { throw TestSupportError("it exited before READY") }
      collected += buffer.prefix(count)
    }
    let line = collected.prefix { $0 != UInt8(ascii: "\n") }
    return String(decoding: line, as: UTF8.self)
  }
}
