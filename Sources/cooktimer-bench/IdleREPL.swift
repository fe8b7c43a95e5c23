import CooktimerCLI
import CooktimerCore
import CooktimerPTY
import CooktimerService
import CooktimerStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The idle REPL with 50,000 waiting runs: the CPU time it takes over 10 s at the prompt
/// (user + system, from /proc/PID/stat) as a share of one core, and how long it takes to
/// show the prompt. Idle work must not grow with the number of runs: it wakes for the next
/// due timer and once a second for a cheap `PRAGMA data_version`, nothing per run.
enum IdleREPL {
  static let runs = 50_000
  static let span: Double = 10

  static func measure(_ options: Options) throws -> [Figure] {
    let binary = try Binary.cooktimer()
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    let db = folder.path + "/runs.sqlite"
    try seed(RunStore(path: db), count: runs, now: Instant(Date()))
    let environment = [
      "COOKTIMER_DB": db, "HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC",
      "COOKTIMER_RECIPES": folder.path,
    ]
    let terminal = try PseudoTerminal(
      executable: URL(fileURLWithPath: binary), environment: environment)
    let began = WallClock.monotonic()
    while !terminal.screen.hasSuffix("cooktimer> ") {
      guard WallClock.seconds(since: began) < 300 else {
        throw BenchError("the REPL showed no prompt within 300 s")
      }
      terminal.drain(waiting: 10)
    }
    let startUp = WallClock.seconds(since: began)
    guard terminal.screen.contains("… and 49,990 more: `status` lists them all") else {
      throw BenchError(
        "the REPL's greeting did not sum the runs up: \(terminal.screen.suffix(300))")
    }
    let pid = terminal.process.processIdentifier
    let before = try cpuSeconds(pid: pid)
    let from = WallClock.monotonic()
    while WallClock.seconds(since: from) < span { terminal.drain(waiting: 100) }
    let used = try cpuSeconds(pid: pid) - before
    let share = used / WallClock.seconds(since: from) * 100
    terminal.type("\u{04}")  // Ctrl-D leaves the REPL
    guard terminal.waitForExit(timeout: 60) == 0 else {
      throw BenchError("the REPL did not leave cleanly on Ctrl-D")
    }
    return [
      Figure(
        name: "idle REPL CPU over 10 s, 50,000 waiting runs", value: share, unit: "% of one core",
        digits: 2
      )
      .target(.below(1, "% of one core", share)),
      Figure(
        name: "REPL start-up to the prompt, 50,000 waiting runs", value: startUp, unit: "s",
        digits: 3
      )
      .target(.below(0.2, "s", startUp)),
    ]
  }

  /// Stores `count` runs of the pasta recipe started an hour ago, waiting at step 1 (its
  /// timer fired long since), with their alarms counted as heard: one transaction.
  static func seed(_ store: RunStore, count: Int, now: Instant) throws {
    let template = try Fixtures.activeRun(id: "", at: now - 3_600_000).settled(at: now)
    guard template.run.phase == .waiting else { throw BenchError("the seeded run is not waiting") }
    try store.transaction { tx in
      for i in 0..<count {
        var run = template.run
        run.id = "w\(i)"
        try tx.insert(run, events: template.events)
        _ = try tx.advanceAlarmWatermark(runID: run.id, through: now)
      }
    }
  }

  /// utime + stime of process `pid`, in seconds (fields 14 and 15 of /proc/PID/stat).
  static func cpuSeconds(pid: Int32) throws -> Double {
    let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The command name, in parentheses, may hold spaces: count fields after its ")".
    guard let close = text.lastIndex(of: ")") else { throw BenchError("no /proc/\(pid)/stat") }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      throw BenchError("unreadable /proc/\(pid)/stat")
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
