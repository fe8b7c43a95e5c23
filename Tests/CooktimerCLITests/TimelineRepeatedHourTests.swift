import Foundation
import Testing

/// `timeline` across the night the clocks go back: every time in the hour that repeats
/// carries its UTC offset, so `02:20 → 02:00` reads as the 40 minutes it is.
@Suite("timeline in the repeated hour")
struct TimelineRepeatedHourTests {
  @Test func timesInTheRepeatedHourShowTheirOffset() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "bread", "Rest ~rest{40%minutes}.\n\nBake ~bake{30%minutes}.\n")
    let berlin = ["TZ": "Europe/Berlin"]
    let started = try box.run(
      ["start", "bread", "--auto-advance", "--json", "--now", "2026-10-25T00:20:00Z"],
      extraEnvironment: berlin)
    #expect(started.status == 0, "\(started.stderr)")
    let document = try JSONSerialization.jsonObject(with: Data(started.stdout.utf8))
    let id = try #require((document as? [String: Any])?["id"] as? String)
    let r = try box.run(["timeline", "--now", "2026-10-25T00:21:00Z"], extraEnvironment: berlin)
    #expect(
      r.stdout == """
        \(id)  bread
          step 1  02:20:00 UTC+02:00 → 02:00:00 UTC+01:00  Rest 40 minutes.
          step 2  02:00:00 UTC+01:00 → 02:30:00 UTC+01:00  Bake 30 minutes.
          done at 02:30:00 UTC+01:00 (in 1 h 9 min)

        """)
  }
}
