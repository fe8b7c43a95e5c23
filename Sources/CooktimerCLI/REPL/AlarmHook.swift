import CooktimerCore
import CooktimerLineEditor
import Foundation

/// `--on-alarm CMD` / `$COOKTIMER_ON_ALARM`: runs `/bin/sh -c CMD` for each alarm with the
/// alarm in the environment — `COOKTIMER_RUN`, `COOKTIMER_RECIPE`, `COOKTIMER_STEP` (1-based),
/// `COOKTIMER_STEP_COUNT`, `COOKTIMER_STEP_TEXT`, `COOKTIMER_TIMER`, `COOKTIMER_EVENT`
/// (`timerFired`, `stepStarted`, `finished`; `reminder` for a repeated ring, `missed` for an
/// alarm that fired while no REPL ran), `COOKTIMER_AT` (ISO 8601).
///
/// Hooks run concurrently, off the REPL's thread, at most ``limit`` at once, each stopped
/// after ``timeLimit`` seconds: a slow hook never holds back the next alarm's, and a hung
/// one cannot pile up processes.
struct AlarmHook: Sendable {
  let command: String
  /// Hooks running at once; more wait for a free slot (at most ``timeLimit``).
  static let limit = 4
  /// Seconds a hook may run before it is terminated.
  static let timeLimit: Double = 30
  private let slots = DispatchSemaphore(value: AlarmHook.limit)
  private let running = DispatchGroup()

  init(command: String) {
    self.command = command
  }

  /// Starts the hook for `alarm`; `event` overrides `COOKTIMER_EVENT`.
  func run(_ alarm: Alarm, event: String? = nil) {
    let (command, slots) = (self.command, self.slots)
    DispatchQueue.global().async(group: running) {
      slots.wait()
      defer { slots.signal() }
      Self.launch(command, alarm, event: event ?? alarm.kind.rawValue)
    }
  }

  /// Waits up to `seconds` for hooks still running (Ctrl-D must not drop an alarm's hook).
  /// Returns whether all finished.
  @discardableResult
  func finish(within seconds: Double) -> Bool {
    running.wait(timeout: .now() + seconds) == .success
  }

  private static func launch(_ command: String, _ alarm: Alarm, event: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var env = ProcessInfo.processInfo.environment
    env["COOKTIMER_RUN"] = alarm.runID
    env["COOKTIMER_RECIPE"] = alarm.recipe
    env["COOKTIMER_STEP"] = String(alarm.stepNumber)
    env["COOKTIMER_STEP_COUNT"] = String(alarm.stepCount)
    env["COOKTIMER_STEP_TEXT"] = alarm.stepText
    env["COOKTIMER_TIMER"] = alarm.timer
    env["COOKTIMER_EVENT"] = event
    env["COOKTIMER_AT"] = alarm.at.description
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do {
      try process.run()
    } catch {
      writeOut(
        Output.messageLine("cooktimer: --on-alarm could not run /bin/sh: \(error)") + "\n",
        to: STDERR_FILENO)
      return
    }
    if done.wait(timeout: .now() + timeLimit) == .timedOut {
      process.terminate()
      writeOut(
        "cooktimer: --on-alarm ran over \(Int(timeLimit)) s and was stopped\n", to: STDERR_FILENO)
    }
  }
}
