import CooktimerActivity
import CooktimerCore
import CooktimerHTTP
import CooktimerService

/// What the server itself refuses about a request, before the application layer sees it.
enum RequestError: Error, Hashable {
  /// 400: unreadable JSON or a missing or mistyped value; the message says which.
  case badRequest(String)
  /// 404: no such recipe (or another thing the message names).
  case notFound(String)
  /// 403: a pairing code that is wrong, used or expired (docs/api.md §2.1).
  case forbidden(String)
  /// 415: a body that is not `application/json`.
  case unsupportedMediaType(String)
  /// 422: an `Idempotency-Key` reused with another body.
  case keyReused(String)
  /// 503 (with `Retry-After`): the server cannot answer this yet (it is starting).
  case unavailable(String)
}

/// The one place an error becomes an HTTP status and the `{"error", "status"}` body of
/// docs/api.md §1: 400 a bad value, 404 no such run, timer, recipe or key, 409 refused by
/// the run's state, 415/422 as ``RequestError`` says, 503 while another writer holds the
/// database, 500 only for what no request can cause (a damaged or unwritable file).
enum APIError {
  static func response(for error: any Error) -> HTTPResponse {
    let (status, message) = classify(error)
    var response = HTTPResponse.error(status, message)
    // RFC 9110 §10.2.3: the database is busy for a moment, not for long.
    if status == .serviceUnavailable { response.headers["Retry-After"] = "1" }
    return response
  }

  static func classify(_ error: any Error) -> (HTTPStatus, String) {
    switch error {
    case let error as RequestError:
      switch error {
      case .badRequest(let m): return (.badRequest, m)
      case .notFound(let m): return (.notFound, m)
      case .forbidden(let m): return (403, m)
      case .unsupportedMediaType(let m): return (.unsupportedMediaType, m)
      case .keyReused(let m): return (.unprocessableContent, m)
      case .unavailable(let m): return (.serviceUnavailable, m)
      }
    case let error as ServiceError:
      switch error {
      case .noSuchRun(let id): return (.notFound, "no run \"\(id)\"")
      case .noActiveRun: return (.notFound, "no active run")
      case .severalActiveRuns(let ids):
        return (.badRequest, "several runs are active (\(ids.joined(separator: ", "))): name one")
      case .noSuchTimer(let run, let timer):
        let what = Int(timer) != nil ? "timer \(timer)" : "timer \"\(timer)\""
        return (.notFound, "\(run) has no \(what)")
      case .invalid(let m), .badData(let m): return (.badRequest, m)
      case .noSuchAPIKey(let name): return (.notFound, "no API key named \(name)")
      case .database(let failure):
        // Never the database's location or the engine's words: a socket path, a user name, a
        // port are not for anyone who can send a request (docs/api.md §1.3).
        switch failure.kind {
        case .busy, .unreachable:
          return (.serviceUnavailable, failure.kind.summary + "; try again")
        default:
          return (.internalServerError, failure.kind.summary)
        }
      case .core(let error): return classify(error)
      case .activity(let error): return classify(error)
      }
    case let error as CoreError:
      switch error {
      case .invalidDuration(_, let m), .invalidTime(_, let m): return (.badRequest, m)
      // The recipe named is there but does not parse: the request cannot be done as sent.
      case .invalidRecipe(let d): return (.badRequest, d.description)
      case .refused(let id, let phase, let m):
        let named = m.contains("\(id) is \(phase.rawValue)")
        return (.conflict, named ? m : "\(m) (\(id) is \(phase.rawValue))")
      }
    case let error as ActivityError:
      if case .refused(let core) = error { return classify(core) }
      return (.internalServerError, error.description)
    default:
      return (.internalServerError, "internal error: \(error)")
    }
  }
}
