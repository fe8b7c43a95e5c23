import Foundation
import Testing

/// `timeline` of a run that is over says when it ended and how long ago, not "in 0 s".
@Suite("timeline of an ended run")
struct TimelineEndedRunTests {
  @Test func aStoppedAndAFinishedRunSayWhenAndHowLongAgo() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "quick", "Boil ~a{1%minutes}.\n")
    let stopped = try #require(
      try box.json("start quick --json --now 2026-11-29T18:00:00Z")["id"] as? String)
    try box.run(["stop", stopped, "--now", "2026-11-29T18:00:30Z"])
    let finished = try #require(
      try box.json("start quick --json --now 2026-11-29T18:01:00Z")["id"] as? String)
    try box.run(["next", finished, "--now", "2026-11-29T18:02:00Z"])
    let a = try box.run(["timeline", stopped, "--now", "2026-11-29T18:03:30Z"])
    #expect(a.stdout == "\(stopped)  quick\n  stopped at 18:00:30, 3 min ago\n")
    let b = try box.run(["timeline", finished, "--now", "2026-11-29T20:32:00Z"])
    #expect(b.stdout == "\(finished)  quick\n  done at 18:02:00, 2 h 30 min ago\n")
  }
}
