import Testing

/// Skipping one of two alternatives ("soft 6 min or hard 10 min") says the other can still
/// be started, and how.
@Suite("skip of an alternative")
struct SkipAlternativeTests {
  @Test func skippingOneAlternativeNamesTheOther() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "eggs", "Boil ~soft{6%minutes} or ~hard{10%minutes}.\n\nServe.\n")
    let id = try #require(
      try box.json("start eggs --json --now @1795975200")["id"] as? String)
    let skip = try box.run(["skip", "1", "--now", "@1795975210"])
    #expect(skip.status == 0)
    #expect(
      skip.stdout
        == "\(id) skipped a timer: eggs — step 1 of 2, waiting\n  skipped: soft\n"
        + "  hard can still be started instead: `begin 2`\n")
    let begin = try box.run(["begin", "2", "--now", "@1795975212"])
    #expect(
      begin.stdout
        == "\(id) started a timer: eggs — step 1 of 2, running\n  ⏱ hard started: 10:00\n")
    // Once one has run, the other is not offered.
    _ = try box.run(["add", "-9m", "--now", "@1795975213"])
    let late = try box.run(["skip", "2", "--now", "@1795975400"])
    #expect(!late.stdout.contains("can still be started"), "\(late.stdout) \(late.stderr)")
  }
}
