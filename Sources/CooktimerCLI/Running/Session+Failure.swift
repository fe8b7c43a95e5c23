import CooktimerAPNs
import CooktimerActivity
import CooktimerCore
import CooktimerDelivery
import CooktimerHTTP
import CooktimerService
import Foundation

extension Session {
  /// The one place that turns an error into its message line and exit status
  /// (docs/cli.md §5). With `--json` a `{"error": …}` document goes to
  /// stdout as well, so scripts always get one document.
  ///
  /// - Parameter command: the command as typed without its options (`add 1 min`): the hint
  ///   for several active runs is it with a run id added.
  func failure(_ error: any Error, json: Bool, command: String? = nil) -> Output {
    // The service's error stands for the store's too (one error type to map here).
    let (described, status) = describe(ServiceError.converting(error), command: command)
    let message = withLengthCapped(oneLine(described))
    var output = Output(stderr: ["cooktimer: \(message)"], status: status)
    if json {
      output.stdout = encodeJSON(["error": message, "status": String(status)]) + "\n"
    }
    return output
  }

  private func describe(_ error: any Error, command: String? = nil) -> (String, Int32) {
    switch error {
    case let error as CLIError:
      switch error {
      case .usage(let m): return (m, ExitStatus.usage)
      case .notFound(let m): return (m, ExitStatus.noInput)
      case .badData(let m): return (m, ExitStatus.dataError)
      case .io(let m): return (m, ExitStatus.ioError)
      case .cannotCreate(let m): return (m, ExitStatus.cannotCreate)
      case .unavailable(let m): return (m, ExitStatus.unavailable)
      case .noDatabase(let path):
        return (
          CLIError.noDatabaseText(path) + " (check --db and $COOKTIMER_DB)",
          ExitStatus.noInput
        )
      }
    case let error as ServiceError:
      switch error {
      case .noSuchRun(let id):
        return ("no run \"\(id)\"; `status` lists the active runs", ExitStatus.noInput)
      case .noActiveRun:
        return ("no active run; start one with `start RECIPE`", ExitStatus.noInput)
      case .severalActiveRuns(let ids):
        // The typed command with a run added; a long argument is not echoed back whole.
        var typed = command ?? "status"
        if typed.count > 60, let word = typed.split(separator: " ").first {
          typed = String(word) + " …"
        }
        return (
          "several runs are active (\(ids.joined(separator: ", "))): name one, e.g. "
            + "`\(typed) \(ids[0])`", ExitStatus.usage
        )
      case .noSuchTimer(let run, let timer):
        let what = Int(timer) != nil ? "timer \(timer)" : "timer \"\(timer)\""
        return ("\(run) has no \(what); `status \(run)` lists them", ExitStatus.noInput)
      case .invalid(let m): return (m, ExitStatus.usage)
      case .badData(let m): return (m, ExitStatus.dataError)
      case .noSuchAPIKey(let name):
        return ("no valid API key named \(name); `apikey list` shows them", ExitStatus.noInput)
      case .database(let failure): return (failure.description, databaseStatus(failure.kind))
      case .core(let error): return describe(error)
      case .activity(let error): return describe(error)
      }
    case let error as HTTPServerError:
      // libmicrohttpd missing, like libcurl for `send`, is 69; otherwise `serve` cannot
      // listen: the address is taken or not this machine's.
      if case .libraryMissing = error { return (error.description, ExitStatus.unavailable) }
      return (error.description, ExitStatus.ioError)
    case let error as DeliveryError:
      if case .unprotectedKey = error { return (error.description, ExitStatus.noPermission) }
      return (error.description, ExitStatus.configuration)
    case let error as APNsError:
      switch error {
      case .key, .signing, .settings: return (error.description, ExitStatus.configuration)
      case .request, .transport, .notHTTP2: return (error.description, ExitStatus.unavailable)
      }
    case let error as CoreError:
      switch error {
      case .invalidDuration(_, let m), .invalidTime(_, let m): return (m, ExitStatus.usage)
      case .invalidRecipe(let d): return (d.description, ExitStatus.dataError)
      case .refused(let id, let phase, let m):
        return (refusalMessage(id, phase, m), ExitStatus.dataError)
      }
    case let error as ActivityError:
      // A run the engine refused to simulate reads like any other refusal.
      if case .refused(let core) = error { return describe(core) }
      return (error.description, ExitStatus.dataError)  // a body over 4096 bytes, say
    default:
      return ("internal error: \(error)", ExitStatus.software)
    }
  }
}

/// The exit status of a database failure the service reports (docs/cli.md §5): no "busy"
/// status is listed, so a database held past the timeout is an I/O failure.
private func databaseStatus(_ kind: DatabaseFailure.Kind) -> Int32 {
  switch kind {
  case .corrupt, .notCooktimerDatabase, .futureSchema: return ExitStatus.dataError
  case .other: return ExitStatus.software
  case .io, .busy, .unreachable: return ExitStatus.ioError
  case .permissionDenied: return ExitStatus.noPermission
  case .misconfigured: return ExitStatus.configuration
  }
}

/// docs/cli.md §3.2: a refusal names the run's state; most engine messages already say "ID is PHASE".
func refusalMessage(_ id: String, _ phase: RunPhase, _ message: String) -> String {
  message.contains("\(id) is \(phase.rawValue)")
    ? message : "\(message) (\(id) is \(phase.rawValue))"
}
