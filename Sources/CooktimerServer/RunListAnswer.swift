import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// `GET /v1/runs`: the body kept as ``RunListBody`` pieces while the database stays as it
/// was and no timer has ended, so most requests read one `PRAGMA data_version` and join the
/// pieces (docs/architecture.md §6).
final class RunListAnswer: Sendable {
  private let version: StoreVersion
  private let kept = VersionedValue<RunListBody?>()

  init(version: StoreVersion) { self.version = version }

  func response(_ call: APICall) throws -> HTTPResponse {
    let now = call.now
    let current = try version.current()
    var read: [Run]?
    let body = try kept.value(
      at: current, fresh: { $0?.holds(at: now) ?? false },
      make: {
        let runs = try call.service.activeRuns(at: now)
        read = runs
        return try RunListBody(runs: runs, at: now)
      })
    if let body, body.holds(at: now) {
      return HTTPResponse(
        status: .ok, headers: ["Content-Type": "application/json"], body: body.body(at: now))
    }
    // A run changed after `now` (another process's clock ahead), or the pieces could not be
    // cut: the document as it is.
    return try .json(StatusDocument(try read ?? call.service.activeRuns(at: now), at: now))
  }
}
