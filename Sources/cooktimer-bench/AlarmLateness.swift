import CooktimerCLI
import CooktimerCore
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Alarm lateness through the REPL's own scheduling: an ``AlarmScheduler`` holding several
/// runs, woken by the REPL's own ``AlarmWait``, while pauses and
/// resumes arrive on a pipe at random moments as keystrokes would.
///
/// With `persists`, runs live in a database file and each alarm batch is followed by the
/// store writes the REPL makes after ringing, through the same service (see ``RunKeeper``).
struct AlarmLateness {
  /// Timers in all, spread over `span` milliseconds.
  var timers: Int
  var span: Int64
  var runs = 6
  var clock: any Clock = SystemClock()
  var persists = false

  /// Lateness of every alarm, in ms (negative: early).
  func measure() throws -> [Double] {
    var generator = SystemRandomNumberGenerator()
    let start = clock.now() + 300  // leaves time to set up before the first alarm
    let runs: [Run] = try (0..<self.runs).map { r in
      let durations = (0..<timers / self.runs).map { _ in
        Int64.random(in: 50...span, using: &generator)
      }
      return try Run.start(
        id: "r\(r)", recipe: Fixtures.parallelTimers(durations, title: "R\(r)"), at: start
      ).run
    }
    let expected = runs.reduce(0) { $0 + $1.timers.count }
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    let keeper = try RunKeeper(runs, path: persists ? folder.path + "/runs.sqlite" : nil)
    let actions = Self.pauseActions(runs: self.runs / 3, span: span, using: &generator)
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw BenchError("pipe failed") }
    defer {
      close(pipe[0])
      close(pipe[1])
    }
    let keyboard = Self.type(actions, startingAt: start, into: pipe[1])
    defer { keyboard.wait() }  // before the pipe closes

    var scheduler = AlarmScheduler()
    scheduler.replace(keeper.runs)
    var lateness: [Double] = []
    var unrecorded = false
    let giveUp = WallClock.monotonic() + (span + 5_000) * 1_000_000
    while lateness.count < expected, WallClock.monotonic() < giveUp {
      // ring: what AlarmRinger.ring does before printing.
      let now = clock.now()
      let due = scheduler.collect(at: now)
      let delivered = WallClock.nanoseconds()
      for alarm in due where alarm.kind == .timerFired {
        lateness.append(Double(delivered - alarm.at.unixMilliseconds * 1_000_000) / 1e6)
      }
      // As AlarmRinger.ring: record what rang only when no alarm is due within 50 ms.
      unrecorded = unrecorded || !due.isEmpty
      if unrecorded, scheduler.nextDeadline().map({ $0 - now > 50 }) ?? true {
        unrecorded = false
        if try keeper.persistSettled(at: now) { scheduler.replace(keeper.runs) }
      }
      // As REPL.waitForInput: the shared wait, to the microsecond of the next end date.
      let ready = AlarmWait.wait(for: [pipe[0]], until: scheduler.nextDeadline())
      guard ready[0] & Int16(POLLIN) != 0 else { continue }
      var byte: UInt8 = 0
      guard read(pipe[0], &byte, 1) == 1 else { continue }
      // handle(line) then alarms.reload(): change the run, hand the scheduler every run.
      let action = actions[Int(byte)]
      try keeper.change(run: action.run, pause: action.pause, at: clock.now())
      scheduler.replace(keeper.runs)
    }
    guard lateness.count == expected else {
      throw BenchError("alarm lateness: \(lateness.count) of \(expected) alarms rang")
    }
    return lateness
  }

  struct Action {
    var run: Int
    var pause: Bool
    var at: Int64
  }

  /// Two pause/resume cycles for each of the first `runs` runs, at random moments: one in
  /// each half of the span, each pause 50–700 ms long.
  static func pauseActions(
    runs: Int, span: Int64, using generator: inout SystemRandomNumberGenerator
  ) -> [Action] {
    var actions: [Action] = []
    for run in 0..<runs {
      for half in 0..<Int64(2) {
        let pause = half * span / 2 + Int64.random(in: 20...(span / 2 - 750), using: &generator)
        let resume = pause + Int64.random(in: 50...700, using: &generator)
        actions += [
          Action(run: run, pause: true, at: pause), Action(run: run, pause: false, at: resume),
        ]
      }
    }
    return actions.sorted { $0.at < $1.at }
  }

  /// Writes each action's index to `fd` at its moment, on another thread, like a typist.
  static func type(_ actions: [Action], startingAt start: Instant, into fd: Int32) -> DispatchGroup
  {
    let group = DispatchGroup()
    group.enter()
    let moments = actions.map { start.unixMilliseconds + $0.at }
    Thread.detachNewThread { [group] in
      defer { group.leave() }
      for (i, moment) in moments.enumerated() {
        let wait = moment * 1_000_000 - WallClock.nanoseconds()
        if wait > 0 { usleep(UInt32(wait / 1_000)) }
        var byte = UInt8(i)
        _ = write(fd, &byte, 1)
      }
    }
    return group
  }
}
