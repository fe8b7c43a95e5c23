import CooktimerActivity
import CooktimerCLI
import CooktimerCore
import CooktimerService

/// Live Activity update bodies encoded per second on one thread, for a run with a timer
/// counting down; and the size of one body.
enum PayloadThroughput {
  static func measure(_ options: Options) throws -> [Figure] {
    let start = Instant(unixMilliseconds: 1_795_975_200_000)
    let run = try Fixtures.activeRun(id: "a3f", at: start)
    let rounds = options.pick(full: 7, quick: 3)
    let seconds = options.pick(full: 0.5, quick: 0.2)
    var rates: [Double] = []
    var bytes = 0
    for _ in 0..<rounds {
      var count: Int64 = 0
      let began = WallClock.monotonic()
      // A fresh instant and timestamp each time, as successive pushes of one run have.
      while WallClock.seconds(since: began) < seconds {
        for _ in 0..<100 {
          count += 1
          let request = try PushRequest.liveActivity(
            .update, run: run, at: start + 30_000 + count, timestamp: 1_795_975_230 + count,
            topic: "org.example.cooktimer")
          bytes = request.body.count
        }
      }
      rates.append(Double(count) / WallClock.seconds(since: began))
    }
    let rate = Stats.median(rates)
    return [
      Figure(name: "update bodies encoded", value: rate, unit: "per s", digits: 0)
        .target(.above(50_000, "per s", rate)),
      Figure(name: "update body size", value: Double(bytes), unit: "bytes", digits: 0)
        .target(.atMost(Double(PushRequest.bodyLimit), "bytes", Double(bytes))),
    ]
  }
}
