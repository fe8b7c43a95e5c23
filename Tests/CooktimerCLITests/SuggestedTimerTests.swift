import Foundation
import Testing

/// Times a step names only in words: listed by `show`, run by `start --prose-timers`.
@Suite("suggested timers")
struct SuggestedTimerTests {
  static let lentils = """
    Rinse the @lentils{200%g} and simmer them 25 to 30 minutes.

    Fry the @onion{1} for ~{5%minutes}, then 1 to ~{2%minutes} more.

    Rest for half an hour, stir, then bake 10 minutes.

    Preheat the oven to 350 °F and grease a 9x13 pan.

    """

  @Test func showListsThemMarkedAndNumbered() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "lentils", Self.lentils)
    let r = try box.run("show lentils")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout == """
        lentils  (\(box.recipes)/lentils.cook)
        Ingredients:
          200 g  lentils
              1  onion
          1. Rinse the lentils and simmer them 25 to 30 minutes.
               s1 ⏲ 25 min to 30 min  "25 to 30 minutes" (suggested)
          2. Fry the onion for 5 minutes, then 1 to 2 minutes more.
                    ⏱ timer 5 min
               then ⏱ timer 1 min to 2 min
          3. Rest for half an hour, stir, then bake 10 minutes.
               s2 ⏲ 30 min  "half an hour" (suggested)
               s3 ⏲ 10 min  "10 minutes" (suggested)
          4. Preheat the oven to 350 °F and grease a 9x13 pan.
        Suggested timers (s1…) are times the steps name in words; `start lentils --prose-timers` runs them as timers.

        """)
  }

  @Test func showJSONGivesTheirSpans() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "lentils", Self.lentils)
    let json = try box.json("show lentils --json")
    let steps = try #require(json["steps"] as? [[String: Any]])
    let suggested = steps.map { ($0["suggestedTimers"] as? [[String: Any]]) ?? [] }
    #expect(suggested.map(\.count) == [1, 0, 2, 0])
    let first = suggested[0][0]
    #expect(first["label"] as? String == "s1")
    #expect(first["text"] as? String == "25 to 30 minutes")
    #expect(first["from"] as? Int == 34)
    #expect(first["to"] as? Int == 50)
    #expect(first["seconds"] as? Double == 1500)
    #expect(first["upperSeconds"] as? Double == 1800)
  }

  @Test func startWithProseTimersRunsThem() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "lentils", Self.lentils)
    let plain = try box.run(["start", "lentils", "--now", "2026-11-29T18:00:00Z"])
    #expect(plain.stdout.contains("step 1 of 4, waiting"), "\(plain.stdout)")
    try box.run(["stop", "--now", "2026-11-29T18:00:01Z"])
    let r = try box.run(["start", "lentils", "--prose-timers", "--now", "2026-11-29T18:00:00Z"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout.contains(
        "1  step 1  running  25:00  ends 18:25:00  (recipe: 25 min–30 min, check early)"),
      "\(r.stdout)")
    let next = try box.run(["next", "--json", "--now", "2026-11-29T18:30:00Z"])
    #expect(next.status == 0, "\(next.stderr)")
    try box.run(["next", "--now", "2026-11-29T18:40:00Z"])
    let status = try box.json("status --json --now 2026-11-29T18:40:00Z")
    let run = try #require((status["runs"] as? [[String: Any]])?.first)
    let timers = try #require(run["timers"] as? [[String: Any]])
    #expect(timers.map { $0["duration"] as? Double } == [1500, 300, 60, 1800, 600])
    #expect(timers.suffix(2).map { $0["state"] as? String } == ["running", "waiting"])
  }

  @Test func statusOffersThemAndBeginStartsOne() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "bread", "Bake for 15 minutes.\n\nSlice.\n")
    let started = try box.run(["start", "bread", "--now", "2026-11-29T18:00:00Z"])
    #expect(started.status == 0, "\(started.stderr)")
    let status = try box.run(["status", "--now", "2026-11-29T18:00:05Z"])
    let id = try #require(status.stdout.split(separator: " ").first.map(String.init))
    #expect(
      status.stdout == """
        \(id)  bread — step 1 of 2, waiting
             Bake for 15 minutes.
           s1  15 minutes  (suggested: begin s1)

        """)
    let json = try box.json("status --json --now 2026-11-29T18:00:05Z")
    let run = try #require((json["runs"] as? [[String: Any]])?.first)
    let offered = try #require(run["suggestedTimers"] as? [[String: Any]])
    #expect(offered.map { $0["label"] as? String } == ["s1"])
    #expect(offered.map { $0["text"] as? String } == ["15 minutes"])
    #expect(offered.map { $0["seconds"] as? Double } == [900])
    let begun = try box.run(["begin", "s1", id, "--json", "--now", "2026-11-29T18:01:00Z"])
    #expect(begun.status == 0, "\(begun.stderr)")
    let after = try box.json("status --json --now 2026-11-29T18:02:00Z")
    let timers = try #require(
      ((after["runs"] as? [[String: Any]])?.first?["timers"]) as? [[String: Any]])
    #expect(timers.map { $0["name"] as? String } == ["15 minutes"])
    #expect(timers.map { $0["endDate"] as? String } == ["2026-11-29T18:16:00.000Z"])
    #expect(timers.map { $0["remaining"] as? Double } == [840])
    #expect((after["runs"] as? [[String: Any]])?.first?["suggestedTimers"] == nil)
    let text = try box.run(["status", "--now", "2026-11-29T18:02:00Z"])
    #expect(
      text.stdout.contains("    1  15 minutes  running  14:00  ends 18:16:00\n"), "\(text.stdout)")
    #expect(!text.stdout.contains("s1"))
  }

  @Test func beginRefusesASuggestionTheStepDoesNotHave() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "bread", "Bake for 15 minutes.\n")
    try box.run(["start", "bread", "--now", "2026-11-29T18:00:00Z"])
    let id = try #require(runIDs(in: try box.run("status --json").stdout).first)
    // No such timer, as a number past the list: 66 (docs/cli.md §2.1).
    let r = try box.run(["begin", "s9", "--now", "2026-11-29T18:00:01Z"])
    #expect(r.status == 66)
    #expect(r.stderr == "cooktimer: \(id) has no timer \"s9\"; `status \(id)` lists them\n")
    let twice = try box.run(["begin", "s1", "--now", "2026-11-29T18:00:02Z"])
    #expect(twice.status == 0, "\(twice.stderr)")
    let again = try box.run(["begin", "s1", "--now", "2026-11-29T18:00:03Z"])
    #expect(again.stderr.contains("s1 \"15 minutes\" is running already"), "\(again.stderr)")
  }

  @Test func proseTimersIsAStartOption() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["show", "x", "--prose-timers"])
    #expect(r.status == 64)
    #expect(r.stderr == "cooktimer: --prose-timers does not apply to `show`\n")
  }
}
