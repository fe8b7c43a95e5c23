import Testing

/// `status` lines end in their last word: a skipped timer has no detail, and its padding
/// must not trail (terminals copy it, diffs flag it).
@Suite("status line ends")
struct StatusLineEndTests {
  @Test func aSkippedTimerLineHasNoTrailingSpaces() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "eggs", "Boil ~low{5%minutes} then ~high{3%minutes}.\n")
    let id = try #require(
      try box.json("start eggs --json --now 2026-11-29T18:00:00Z")["id"] as? String)
    try box.run(["skip", "high", "--now", "2026-11-29T18:00:10Z"])
    let r = try box.run(["status", "--now", "2026-11-29T18:01:00Z"])
    #expect(
      r.stdout == """
        \(id)  eggs — step 1 of 1, running
             Boil 5 minutes then 3 minutes.
            1  low   running  4:00  ends 18:05:00
            2  high  skipped

        """)
    #expect(!r.stdout.contains(" \n"))
  }
}
