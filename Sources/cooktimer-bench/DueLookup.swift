import CooktimerActivity
import CooktimerCLI
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

/// Time to find the next due timers among 1,000, 10,000 and 100,000 stored active runs, the
/// way the sender and `serve` do: ``RunService/nextWake()``, then the runs due in the second
/// after it (`StoreTransaction.runsDue(at:activitySpan:)`, what ``RunService/catchUpDue(through:)``
/// reads). With the `next_due_ms` index this should grow no faster than log n.
enum DueLookup {
  static let sizes = [1_000, 10_000, 100_000]

  static func measure(_ options: Options) throws -> [Figure] {
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    let store = try RunStore(path: folder.path + "/runs.sqlite")
    let service = RunService(store: store)
    let span = ActivityLifetime().span
    let start = Instant(unixMilliseconds: 1_795_975_200_000)
    let template = try Fixtures.activeRun(id: "", at: start)
    let lookups = options.pick(full: 2_000, quick: 300)
    var times: [Double] = []
    var stored = 0
    for size in sizes {
      try grow(store, from: stored, to: size, template: template, start: start)
      stored = size
      var samples: [Double] = []
      // The first lookups after a batch of inserts pay for cold pages and statements.
      for i in 0..<(lookups + 100) {
        let began = WallClock.monotonic()
        guard let next = try service.nextWake(),
          try !store.read({ try $0.runsDue(at: next + 1_000, activitySpan: span) }).isEmpty
        else { throw BenchError("due lookup found nothing among \(size) runs") }
        if i >= 100 { samples.append(Double(WallClock.monotonic() - began) / 1e3) }
      }
      times.append(Stats.median(samples))
    }
    var figures = zip(sizes, times).map { size, micros in
      Figure(name: "next due lookup, \(GroupedDigits.text(size)) runs", value: micros, unit: "µs")
    }
    // log n grows by 5/3 from 1,000 to 100,000; a scan would grow 100-fold.
    let growth = times[2] / times[0]
    let bound = log(Double(sizes[2])) / log(Double(sizes[0]))
    figures.append(
      Figure(
        name: "next due lookup growth, 1,000 to 100,000 runs", value: growth, unit: "x", digits: 2
      )
      .target(.atMost((bound * 100).rounded() / 100, "x (log n)", growth)))
    return figures
  }

  /// Adds active runs with due times spread at random over a day, 1,000 per transaction.
  static func grow(_ store: RunStore, from: Int, to: Int, template: Run, start: Instant) throws {
    for batch in stride(from: from, to: to, by: 1_000) {
      try store.transaction { tx in
        for i in batch..<min(batch + 1_000, to) {
          var run = template
          run.id = "d\(i)"
          let due = start + Int64.random(in: 60_000...86_400_000)
          run.timers[0].state = .running(endDate: due)
          try tx.insert(run)
        }
      }
    }
  }
}
