import Testing

/// A timer named by a unique beginning of its name (`skip Nud`); one several names share
/// lists them.
@Suite("timer names: beginnings")
struct TimerPrefixTests {
  @Test func aUniqueBeginningNamesTheTimer() throws {
    let box = try AddToTimerTests.box()
    let id = try AddToTimerTests.start(box, "pasta")
    let add = try box.run(["add", "1m", "So", "--now", AddToTimerTests.at(60)])
    #expect(
      add.stdout == "\(id) added time: Pasta — step 1 of 1, running\n  Soße: +1 min, 10:00 left\n")
    let skip = try box.run(["skip", "nud", "--now", AddToTimerTests.at(61)])
    #expect(
      skip.stdout == "\(id) skipped a timer: Pasta — step 1 of 1, running\n  skipped: Nudeln\n")
  }

  @Test func aBeginningSeveralNamesShareListsThem() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(
      recipe: "two", "Make the ~sauce{10%minutes} and meanwhile the ~salad{5%minutes}.\n")
    let id = try #require(try box.json("start two --json --now @1795975200")["id"] as? String)
    let r = try box.run(["skip", "sa", "--now", "@1795975201"])
    #expect(r.status == 64)
    #expect(
      r.stderr == "cooktimer: \"sa\" names 2 timers of \(id): sauce, salad; name one of them\n")
  }
}
