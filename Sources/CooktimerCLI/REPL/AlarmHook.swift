import CooktimerCore
import CooktimerLineEditor
import Foundation

/// `--on-alarm CMD` / `$COOKTIMER_ON_ALARM`: runs `/bin/sh -c CMD` for each alarm with the
/// alarm in the environment — `COOKTIMER_RUN`, `COOKTIMER_RECIPE`, `COOKTIMER_STEP` (1-based),
/// `COOKTIMER_STEP_COUNT`, `COOKTIMER_STEP_TEXT`, `COOKTIMER_TIMER`, `COOKTIMER_EVENT`
/// (`timerFired`, `stepStarted`, `finished`), `COOKTIMER_AT` (ISO 8601). Not waited for.
struct AlarmHook {
  let command: String
  /// One hook at a time, in alarm order, off the REPL's thread.
  private let queue = DispatchQueue(label: "cooktimer.on-alarm")

  func run(_ alarm: Alarm) {
    let command = self.command
    queue.async { Self.launch(command, alarm) }
  }

  private static func launch(_ command: String, _ alarm: Alarm) {
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
    env["COOKTIMER_EVENT"] = alarm.kind.rawValue
    env["COOKTIMER_AT"] = alarm.at.description
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
    } catch {
      writeOut(
        Output.messageLine("cooktimer: --on-alarm could not run /bin/sh: \(error)") + "\n",
        to: STDERR_FILENO)
    }
  }
}
