import CooktimerCore
import CooktimerService
import Foundation

@testable import CooktimerCLI

#if canImport(Glibc)
  import Glibc
#endif

extension Sandbox {
  /// `cooktimer ARGS` run in this process, the way `CooktimerMain.main` runs one command
  /// (parse, clock from `--now` or the environment, ``Session``, one ``Output``), without
  /// starting the binary: for tests of what a command does, not of argv, exit codes or the
  /// terminal. Nil when only a process shows the same thing, and the caller starts one:
  /// stdin (piped commands, the REPL), another working folder or extra variables; `serve`,
  /// `watch` and `send` (they write as they go); a terminal on this process's stdout (the
  /// session sizes human text to it); a local zone other than the sandbox's UTC.
  func runInProcess(
    _ arguments: [String], input: String?, extraEnvironment: [String: String], directory: URL?
  ) -> ProcessResult? {
    guard input == nil, extraEnvironment.isEmpty, directory == nil,
      isatty(STDOUT_FILENO) == 0, TimeZone.current.secondsFromGMT() == 0,
      !TimeZone.current.isDaylightSavingTime()
    else { return nil }
    let utc = TimeZone(identifier: "UTC")!
    let invocation: Invocation
    do {
      invocation = try CommandParser.parse(arguments)
    } catch {
      let session = Session(options: GlobalOptions(), environment: environment, zone: utc)
      return Self.printed(session.failure(error, json: arguments.contains("--json")))
    }
    guard invocation.command != nil,
      !["serve", "watch", "send"].contains(invocation.word ?? "")
    else { return nil }
    let clock: any CooktimerService.Clock
    do {
      clock =
        try invocation.options.now.map { FixedClock($0) } ?? SystemClock(environment: environment)
    } catch {
      let session = Session(options: GlobalOptions(), environment: environment, zone: utc)
      return Self.printed(session.failure(error, json: invocation.options.json))
    }
    let session = Session(
      options: invocation.options, environment: environment, clock: clock, zone: utc)
    return Self.printed(session.run(invocation))
  }

  /// What the binary prints for `output` (`CooktimerMain.emit`): stdout as is, each stderr
  /// message on a line of its own, the status as the exit status.
  private static func printed(_ output: Output) -> ProcessResult {
    ProcessResult(
      stdout: output.stdout, stderr: output.stderr.map { $0 + "\n" }.joined(),
      status: output.status)
  }
}
