import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Open `GET /v1/events` streams, read by one thread of their own so an event's arrival is
/// stamped when it comes, whatever the thread making changes is waiting for.
final class StreamReader: @unchecked Sendable {
  private let fds: [Int32]
  private let lock = NSCondition()
  /// Per stream: the monotonic time each `run` event arrived, in order.
  private var arrivals: [[Int64]]
  private var stopped = false
  private var thread: Thread?

  init(port: UInt16, count: Int) throws {
    var fds: [Int32] = []
    for index in 0..<count {
      // Each stream from its own loopback address, as each kitchen tablet has its own: the
      // server allows 32 streams per client address (docs/api.md §1.4).
      let fd = try Loopback.connect(port: port, from: "127.0.3.\(index % 250 + 1)")
      fds.append(fd)
      try Loopback.write(
        fd, "GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    }
    self.fds = fds
    arrivals = Array(repeating: [], count: count)
    let thread = Thread { [self] in read() }
    thread.name = "bench-stream-reader"
    self.thread = thread
    thread.start()
  }

  /// Waits until every stream has had `count` `run` events, or `timeout` seconds; returns
  /// each stream's arrival time of event number `count` (nil where it did not come).
  func wait(forEvents count: Int, timeout: Double) -> [Int64?] {
    let deadline = Date(timeIntervalSinceNow: timeout)
    lock.lock()
    defer { lock.unlock() }
    while arrivals.contains(where: { $0.count < count }) {
      if !lock.wait(until: deadline) { break }
    }
    return arrivals.map { $0.count >= count ? $0[count - 1] : nil }
  }

  /// How many `run` events stream `index` has had so far.
  func count(_ index: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return arrivals[index].count
  }

  func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
    while thread?.isFinished == false { usleep(1_000) }
    for fd in fds { close(fd) }
  }

  private func read() {
    var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var pending = Array(repeating: [UInt8](), count: fds.count)
    let marker = Array("event: run\n".utf8)
    while true {
      lock.lock()
      let done = stopped
      lock.unlock()
      if done { return }
      guard poll(&polled, nfds_t(polled.count), 50) > 0 else { continue }
      let now = WallClock.monotonic()
      var found: [(Int, Int)] = []
      for i in polled.indices where polled[i].revents != 0 {
        let bytes = Loopback.read(polled[i].fd)
        if bytes.isEmpty { polled[i].fd = -1 }  // closed: poll skips negative descriptors
        pending[i] += bytes
        var events = 0
        while let range = pending[i].firstRange(of: marker) {
          events += 1
          pending[i].removeSubrange(..<range.upperBound)
        }
        // Keep only a tail that could be the start of a marker split across reads.
        if pending[i].count > marker.count {
          pending[i].removeFirst(pending[i].count - marker.count)
        }
        if events > 0 { found.append((i, events)) }
      }
      guard !found.isEmpty else { continue }
      lock.lock()
      for (i, events) in found { arrivals[i] += Array(repeating: now, count: events) }
      lock.broadcast()
      lock.unlock()
    }
  }
}
