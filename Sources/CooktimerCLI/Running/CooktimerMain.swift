import CooktimerCore
import CooktimerLineEditor
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `cooktimer` executable: parse argv, run one command, the REPL, or piped commands.
public enum CooktimerMain {
  /// Runs the process and returns its exit status.
  public static func main(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    signal(SIGPIPE, SIG_IGN)  // a closed pipe is an error to report, not a silent death
    let terminal = TerminalInfo.current(environment: environment)
    let invocation: Invocation
    do {
      invocation = try CommandParser.parse(arguments)
    } catch {
      let session = Session(options: GlobalOptions(), environment: environment)
      return emit(session.failure(error, json: arguments.contains("--json")))
    }
    let clock: any Clock
    do {
      clock =
        try invocation.options.now.map { FixedClock($0) } ?? SystemClock(environment: environment)
    } catch {
      let session = Session(options: GlobalOptions(), environment: environment)
      return emit(session.failure(error, json: invocation.options.json))
    }
    let session = Session(options: invocation.options, environment: environment, clock: clock)
    if invocation.command != nil {
      return emit(session.run(invocation))
    }
    if terminal.inputIsTerminal {
      if invocation.options.now != nil {
        return emit(session.failure(REPL.nowRefused, json: invocation.options.json))
      }
      return REPL(session: session, terminal: terminal).run()
    }
    return runPiped(session)
  }

  /// Commands from a pipe, one per line, in order. Every line runs; the exit status is that
  /// of the last line that failed (0 when none did).
  static func runPiped(_ session: Session) -> Int32 {
    var status: Int32 = 0
    while let line = readLine() {
      if CommandSpec.named(line.trimmingCharacters(in: .whitespaces))?.atPrompt == .leave { break }
      let output = session.run(line: line)
      if emit(output) != 0 { status = output.status }
    }
    return status
  }

  @discardableResult
  static func emit(_ output: Output) -> Int32 {
    if !output.stdout.isEmpty { writeOut(output.stdout) }
    for line in output.stderr { writeOut(line + "\n", to: STDERR_FILENO) }
    return output.status
  }
}
