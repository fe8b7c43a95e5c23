import CooktimerCLI
import CooktimerService
import Dispatch
import Foundation

/// The floor for alarm lateness: bare Dispatch wall-clock timers (no leeway, strict) at the
/// same kind of random millisecond end dates, with nothing of cooktimer in the way.
struct DispatchFloor {
  var timers: Int
  var span: Int64

  /// Lateness of every timer, in ms (negative: early).
  func measure() throws -> [Double] {
    let queue = DispatchQueue(label: "bench.dispatch-floor")
    let results = Samples()
    let group = DispatchGroup()
    let startMs = WallClock.nanoseconds() / 1_000_000 + 300
    var sources: [DispatchSourceTimer] = []
    for _ in 0..<timers {
      let endNanos = (startMs + Int64.random(in: 50...span)) * 1_000_000
      let source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
      let deadline = timespec(
        tv_sec: Int(endNanos / 1_000_000_000), tv_nsec: Int(endNanos % 1_000_000_000))
      source.schedule(wallDeadline: DispatchWallTime(timespec: deadline), leeway: .nanoseconds(0))
      group.enter()
      // Without a repeat interval the source fires once.
      source.setEventHandler { @Sendable in
        results.append(Double(WallClock.nanoseconds() - endNanos) / 1e6)
        group.leave()
      }
      sources.append(source)
    }
    for source in sources { source.resume() }
    let finished = group.wait(timeout: .now() + .milliseconds(Int(span) + 5_000))
    for source in sources { source.cancel() }
    guard finished == .success else {
      throw BenchError("dispatch floor: \(results.values.count) of \(timers) timers fired")
    }
    return results.values
  }
}

/// Samples appended from a Dispatch queue and read once every handler has run.
final class Samples: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Double] = []

  func append(_ value: Double) {
    lock.lock()
    storage.append(value)
    lock.unlock()
  }

  var values: [Double] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
