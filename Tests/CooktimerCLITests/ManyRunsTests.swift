import CooktimerCore
import CooktimerPTY
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCLI

/// Many active runs: the REPL's greeting sums up what does not fit on the screen, and the
/// scheduler's idle work does not depend on how many runs it holds.
@Suite("Many runs", .serialized, .ownThread)
struct ManyRunsTests {
  /// An untimed first step: a run waits for the cook at once, and nothing ever rings.
  static let bread = Recipe(
    title: "Bread",
    steps: [
      Step(text: "Knead the dough."),
      Step(text: "Bake.", timers: [TimerSpec(name: "oven", duration: 1_800_000)]),
    ])

  static func seed(_ box: Sandbox, count: Int) throws {
    let store = try RunStore(path: box.db)
    try store.transaction { tx in
      for i in 0..<count {
        let (run, events) = try Run.start(
          id: String(format: "r%02d", i), recipe: bread, at: t0 + Int64(i) * 1_000)
        try tx.insert(run, events: events)
      }
    }
  }

  /// 40 waiting runs on a 40-line terminal: the first 10, and where to see the other 30.
  @Test func theGreetingSumsUpRunsBeyondAScreenful() throws {
    let box = try Sandbox()
    try Self.seed(box, count: 40)
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt(timeout: 10), "\(repl.screen)")
    let runs = (0..<10).map { String(format: "  r%02d  Bread — step 1 of 2, waiting", $0) }
    let expected =
      ([
        "cooktimer — 0 recipes. Type `help`, `recipes`, or `start NAME`; Ctrl-D leaves.",
        "Active runs:",
      ] + runs + ["  … and 30 more: `status` lists them all", "\u{1b}[?2004hcooktimer> "])
      .joined(separator: "\r\n")
    #expect(repl.screen == expected)
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0, "\(repl.screen)")
  }

  /// 40 runs whose timers fired while no REPL ran: the first 10 missed alarms are reported
  /// and one line stands for the other 30; so do their reminders.
  @Test func missedAlarmsAndRemindersBeyondAScreenfulAreSummedUp() throws {
    let box = try Sandbox()
    let store = try RunStore(path: box.db)
    let tea = Recipe(
      title: "Tea", steps: [Step(text: "Steep", timers: [TimerSpec(name: "tea", duration: 60_000)])]
    )
    try store.transaction { tx in
      for i in 0..<40 {
        let (run, events) = try Run.start(
          id: String(format: "t%02d", i), recipe: tea, at: t0 + Int64(i) * 1_000)
        try tx.insert(run, events: events)
      }
    }
    var environment = box.environment
    environment["COOKTIMER_RING_INTERVAL"] = "0.5"
    let repl = try PseudoTerminal(environment: environment)
    #expect(repl.waitForPrompt(timeout: 10), "\(repl.screen)")
    let missed = repl.screen.components(separatedBy: "\r\n").filter { $0.hasPrefix("missed: ") }
    #expect(missed.count == 10, "\(repl.screen)")
    // In time order; the day in front depends on today, so only the run and the text count.
    #expect(
      missed.map { String($0.prefix(14)) }
        == (0..<10).map { String(format: "missed: [t%02d] ", $0) })
    #expect(missed.allSatisfy { $0.contains(" 18:01:0") && $0.contains(" ⏰ Tea — tea is done · ") })
    #expect(repl.screen.contains("\r\n… and 30 more missed alarms: `status` lists the runs\r\n"))
    let mark = repl.offset
    #expect(
      repl.wait(
        for: "reminder: … and 30 more alarms ring · any key or `ok` stops the ring", after: mark,
        timeout: 5) != nil, "\(repl.screen.suffix(2000))")
    repl.type("\u{04}")
    #expect(repl.waitForExit() == 0)
  }

  /// Up to the screen's height less four lines every run is listed; one more is summed up.
  @Test func everyRunIsListedWhileTheyFit() throws {
    let runs = try (0..<21).map {
      try Run.start(id: "x\($0)", recipe: Self.bread, at: t0).run
    }
    #expect(ActiveRunsSummary.readAtMost(rows: 24) == 20)
    let fitting = ActiveRunsSummary.lines(Array(runs.prefix(20)), of: 20, rows: 24, now: t0)
    #expect(fitting.count == 21)
    #expect(fitting.last == "  x19  Bread — step 1 of 2, waiting")
    // The greeting reads only the first 20 of the 21 and the count.
    let over = ActiveRunsSummary.lines(Array(runs.prefix(20)), of: 21, rows: 24, now: t0)
    #expect(over.count == 12)
    #expect(over.last == "  … and 11 more: `status` lists them all")
    #expect(GroupedDigits.text(49_990) == "49,990")
    #expect(GroupedDigits.text(1_234_567) == "1,234,567")
    #expect(GroupedDigits.text(999) == "999")
  }

  /// Among 5,000 waiting runs the next deadline is the one running timer's end, idle rounds
  /// ring nothing, and a run changed later rings from where the passed rounds left it.
  @Test func idleRoundsRingNothingAmongThousandsOfWaitingRuns() throws {
    var scheduler = AlarmScheduler()
    var runs = try (0..<5_000).map {
      try Run.start(id: "w\($0)", recipe: Self.bread, at: t0).run
    }
    let tea = Recipe(
      title: "Tea",
      steps: [Step(text: "Steep", timers: [TimerSpec(name: "tea", duration: 180_000)])])
    runs.append(try Run.start(id: "tea", recipe: tea, at: t0).run)
    scheduler.replace(runs)
    #expect(scheduler.nextDeadline() == t0 + 180_000)
    for second in 1..<180 {
      #expect(scheduler.collect(at: t0 + Int64(second) * 1_000).isEmpty)
    }
    let rang = scheduler.collect(at: t0 + 180_000)
    #expect(rang.map(\.runID) == ["tea"])
    #expect(scheduler.nextDeadline() == nil)
    // A run changed by another process keeps its place: what happened after the rounds that
    // already passed is what rings.
    var changed = runs[0]
    _ = try changed.next(at: t0 + 200_000)
    scheduler.replace(runs.map { $0.id == changed.id ? changed : $0 })
    #expect(scheduler.nextDeadline() == t0 + 200_000 + 1_800_000)
  }
}
