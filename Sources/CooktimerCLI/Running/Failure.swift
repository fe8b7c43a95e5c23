import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

extension Session {
  /// The one place that turns an error into its message line and exit status
  /// (cli.md "Output and exit status"). With `--json` a `{"error": …}` document goes to
  /// stdout as well, so scripts always get one document.
  func failure(_ error: any Error, json: Bool) -> Output {
    let (message, status) = describe(error)
    var output = Output(stderr: ["cooktimer: \(message)"], status: status)
    if json {
      output.stdout = encodeJSON(["error": message, "status": String(status)]) + "\n"
    }
    return output
  }

  private func describe(_ error: any Error) -> (String, Int32) {
    switch error {
    case let error as CLIError:
      switch error {
      case .usage(let m): return (m, ExitStatus.usage)
      case .notFound(let m): return (m, ExitStatus.noInput)
      case .badData(let m): return (m, ExitStatus.dataError)
      case .io(let m): return (m, ExitStatus.ioError)
      case .cannotCreate(let m): return (m, ExitStatus.cannotCreate)
      }
    case let error as CoreError:
      switch error {
      case .invalidDuration(_, let m), .invalidTime(_, let m): return (m, ExitStatus.usage)
      case .invalidRecipe(let d): return (d.description, ExitStatus.dataError)
      case .refused(let id, let phase, let m):
        return (refusalMessage(id, phase, m), ExitStatus.dataError)
      }
    case let error as StoreError:
      // cli.md lists no "busy" status; a database held past the timeout is an I/O failure.
      return (error.description, error.kind == .busy ? ExitStatus.ioError : error.exitCode)
    case let error as ActivityError:
      // A run the engine refused to simulate reads like any other refusal.
      if case .refused(let core) = error { return describe(core) }
      return (error.description, ExitStatus.dataError)  // a body over 4096 bytes, say
    default:
      return ("internal error: \(error)", ExitStatus.software)
    }
  }
}

/// cli.md: a refusal names the run's state; most engine messages already say "ID is PHASE".
func refusalMessage(_ id: String, _ phase: RunPhase, _ message: String) -> String {
  message.contains("\(id) is \(phase.rawValue)")
    ? message : "\(message) (\(id) is \(phase.rawValue))"
}
