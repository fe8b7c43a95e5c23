import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `GET /healthz` on the real `cooktimer serve` while it is besieged (issue 26): 500 slow
/// clients, each sending one header byte every 5 s ("slowloris") and reconnecting when cut,
/// and 500 clients opening `GET /v1/events`. Each group comes from 10 loopback addresses
/// (127.0.1.x and 127.0.2.x), 50 clients each, as other machines would; the probe comes
/// from 127.0.0.1, one fresh connection per request. The floor is the same probe on the
/// same server before the siege. The target: every answer within 100 ms.
enum ServeSiege {
  static let slowClients = 500
  static let streamClients = 500
  static let addresses = 10

  static func measure(_ options: Options) throws -> [Figure] {
    raiseOpenFileLimit(to: 4096)
    let server = try ServeProcess()
    defer { server.stop() }
    // An active run: each new stream gets its `run` event (and so its head) at once.
    _ = try server.startRun("overnight-bread")
    let probes = options.pick(full: 200, quick: 60)
    let floor = try probe(server.port, count: probes)

    var slow: [Int32?] = []
    for index in 0..<slowClients {
      slow.append(try? slowClient(server.port, from: "127.0.1.\(index % addresses + 1)"))
    }
    var streams: [Int32] = []
    var streaming = 0
    var refused = 0
    for index in 0..<streamClients {
      guard
        let fd = try? Loopback.connect(
          port: server.port, from: "127.0.2.\(index % addresses + 1)")
      else { continue }
      try Loopback.write(fd, "GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      streams.append(fd)
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, 5_000) > 0
      let head = ready ? String(decoding: Loopback.read(fd), as: UTF8.self) : ""
      if head.hasPrefix("HTTP/1.1 200") { streaming += 1 } else { refused += 1 }
    }
    defer { for fd in streams { close(fd) } }

    // The slow clients go on trickling (and come back when cut) while the probe runs.
    let trickling = Trickler(slow: slow, port: server.port)
    // Spaced to last past the 10 s header deadline: the cut and the reconnects fall within.
    let besieged = try probe(
      server.port, count: probes, every: options.pick(full: 0.06, quick: 0.2))
    let (cut, connected) = trickling.stop()
    defer { for fd in trickling.sockets.compactMap({ $0 }) { close(fd) } }

    let p99 = Stats.percentile(besieged, 99)
    let worst = besieged.max() ?? 0
    return [
      Figure(
        name: "serve /healthz p99, 500 slow clients + 500 event-stream clients", value: p99,
        unit: "ms", digits: 2),
      Figure(
        name: "serve /healthz max, 500 slow clients + 500 event-stream clients", value: worst,
        unit: "ms", digits: 2
      ).target(.below(100, "ms", worst)),
      Figure(
        name: "serve /healthz p99, nothing else connected (floor)",
        value: Stats.percentile(floor, 99), unit: "ms", digits: 2),
      Figure(
        name: "serve /healthz max, nothing else connected (floor)", value: floor.max() ?? 0,
        unit: "ms", digits: 2),
      Figure(
        name: "event-stream clients streaming (the rest 429/503)", value: Double(streaming),
        unit: "of \(streamClients), \(refused) refused", digits: 0),
      Figure(
        name: "slow clients connected at the end", value: Double(connected),
        unit: "of \(slowClients), \(cut) cut by the header deadline meanwhile", digits: 0),
    ]
  }

  /// `count` `GET /healthz`, one after another, `every` seconds apart: each one's
  /// milliseconds.
  static func probe(_ port: UInt16, count: Int, every: Double = 0.02) throws -> [Double] {
    var samples: [Double] = []
    for _ in 0..<count {
      let start = WallClock.monotonic()
      let (status, _) = try Loopback.request(port: port, "GET", "/healthz")
      guard status == 200 else { throw BenchError("GET /healthz answered \(status)") }
      samples.append(WallClock.seconds(since: start) * 1000)
      usleep(UInt32(every * 1_000_000))
    }
    return samples
  }

  /// A connection that has sent the request line and the start of a header.
  static func slowClient(_ port: UInt16, from source: String) throws -> Int32 {
    let fd = try Loopback.connect(port: port, from: source)
    try Loopback.write(fd, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return fd
  }

  static func raiseOpenFileLimit(to wanted: rlim_t) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted
    else { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }
}

/// A thread sending one byte on every slow connection every 5 s; a connection the server
/// closed is opened again from the same address.
final class Trickler: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false
  private var cut = 0
  private(set) var sockets: [Int32?]
  private let done = DispatchSemaphore(value: 0)

  init(slow: [Int32?], port: UInt16) {
    sockets = slow
    Thread.detachNewThread { [self] in
      while !isStopped {
        for index in sockets.indices {
          let source = "127.0.1.\(index % ServeSiege.addresses + 1)"
          if let fd = sockets[index], (try? Loopback.write(fd, "a")) != nil, !closedByPeer(fd) {
            continue
          }
          if let fd = sockets[index] {
            close(fd)
            lock.lock()
            cut += 1
            lock.unlock()
          }
          sockets[index] = try? ServeSiege.slowClient(port, from: source)
        }
        for _ in 0..<50 where !isStopped { usleep(100_000) }
      }
      done.signal()
    }
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  /// Stops the thread; how many connections were cut meanwhile and how many are open.
  func stop() -> (cut: Int, connected: Int) {
    lock.lock()
    stopped = true
    lock.unlock()
    done.wait()
    lock.lock()
    defer { lock.unlock() }
    return (cut, sockets.compactMap { $0 }.count)
  }

  /// True when the server closed `fd` (end of stream waiting to be read).
  private func closedByPeer(_ fd: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
  }
}
