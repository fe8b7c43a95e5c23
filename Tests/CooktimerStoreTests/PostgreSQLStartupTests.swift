import CooktimerPostgreSQL
import CooktimerStore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A connection opened while PostgreSQL restarts: the server answers SQLSTATE 57P03
/// (cannot_connect_now, "the database system is starting up" / "is shutting down") for a
/// moment. The fault test of real processes caught a `send` started just before
/// `pg_ctl restart` exiting on it; the engine now tries again with the pauses of a lost
/// connection (docs/deploy.md §4).
@Suite struct PostgreSQLStartupTests {
  @Test func aServerStartingUpIsTriedAgainUntilItAnswersOtherwise() throws {
    let server = try RefusingServer(answers: [
      RefusingServer.startingUp, RefusingServer.startingUp, RefusingServer.noRole,
    ])
    let error = storeError { _ = try PostgreSQLEngine(url: server.url) }
    #expect(server.connections == 3)
    // The last answer is the one said: a role that does not exist is a refused login.
    #expect(error?.kind == .permissionDenied)
    #expect(
      error?.detail.contains(#"role "cook" does not exist"#) == true, "\(String(describing: error))"
    )
  }

  @Test func aServerStillStartingAfterThePausesFailsWithItsMessage() throws {
    let server = try RefusingServer(answers: [])
    let error = storeError { _ = try PostgreSQLEngine(url: server.url) }
    // The first attempt and one after each of the six pauses (50 ms to 1.6 s).
    #expect(server.connections == 7)
    #expect(error?.kind == .unreachable)
    #expect(error?.detail.contains("the database system is starting up") == true)
  }

  @Test func anyOtherRefusalIsNotTriedAgain() throws {
    let server = try RefusingServer(answers: [RefusingServer.noRole])
    let error = storeError { _ = try PostgreSQLEngine(url: server.url) }
    #expect(server.connections == 1)
    #expect(error?.kind == .permissionDenied)
  }

  private func storeError(_ body: () throws -> Void) -> StoreError? {
    do {
      try body()
      return nil
    } catch {
      return error as? StoreError
    }
  }
}

/// A Unix socket where PostgreSQL's would be that refuses every connection after its
/// startup message with an ErrorResponse (protocol §55.7: `E`, length, fields `S`, `V`,
/// `C`, `M`, a zero): the given answers in turn, then 57P03 for ever. Only what libpq needs
/// to read the refusal; no query is ever answered.
private final class RefusingServer: @unchecked Sendable {
  static let startingUp = ("57P03", "the database system is starting up")
  static let noRole = ("28000", #"role "cook" does not exist"#)

  let folder: String
  let port = 5432
  private let listener: Int32
  private let accepted = Accepted()
  private let thread: Thread

  var url: String { "postgresql:///postgres?host=\(folder)&port=\(port)&user=cook" }
  /// How many connections were opened to it.
  var connections: Int { accepted.count }

  private final class Accepted: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add() { lock.withLock { value += 1 } }
  }

  init(answers: [(String, String)]) throws {
    folder = "/tmp/cooktimer-refusing-" + UUID().uuidString.prefix(8).lowercased()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let path = "\(folder)/.s.PGSQL.\(port)"
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    listener = fd
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (n, byte) in path.utf8.enumerated() { bytes[n] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: ["path": path])
    }
    thread = Thread { [accepted] in
      var queue = answers
      while true {
        let client = accept(fd, nil, nil)
        // Closed by this thread, its one user, once `deinit` shut it down (closed there, its
        // number could go to another test's socket while this thread still serves).
        if client < 0 {
          close(fd)
          return
        }
        accepted.add()
        let answer = queue.isEmpty ? Self.startingUp : queue.removeFirst()
        Self.refuse(client, code: answer.0, message: answer.1)
        close(client)
      }
    }
    thread.start()
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Reads the startup message (a length that counts itself, then the rest) and answers
  /// the error.
  private static func refuse(_ client: Int32, code: String, message: String) {
    var length: UInt32 = 0
    guard read(client, &length, 4) == 4 else { return }
    var rest = [UInt8](repeating: 0, count: max(0, Int(UInt32(bigEndian: length)) - 4))
    var got = 0
    while got < rest.count {
      let n = rest.withUnsafeMutableBytes { read(client, $0.baseAddress! + got, $0.count - got) }
      if n <= 0 { return }
      got += n
    }
    var fields: [UInt8] = []
    for (tag, text) in [("S", "FATAL"), ("V", "FATAL"), ("C", code), ("M", message)] {
      fields += Array(tag.utf8) + Array(text.utf8) + [0]
    }
    fields.append(0)
    let size = UInt32(fields.count + 4).bigEndian
    let frame = [UInt8(ascii: "E")] + withUnsafeBytes(of: size) { Array($0) } + fields
    _ = frame.withUnsafeBytes { write(client, $0.baseAddress!, $0.count) }
  }
}
