import CooktimerActivity
import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Testing

@testable import CooktimerServer

/// docs/api.md §1.3: the service's errors, store failures included, become one status each
/// in `APIError` without the server knowing the store's type.
@Suite("Service errors as HTTP statuses")
struct APIErrorMappingTests {
  static func failure(_ kind: DatabaseFailure.Kind) -> ServiceError {
    .database(DatabaseFailure(kind: kind, path: "/k/db", description: "/k/db: what happened"))
  }

  @Test func aBusyDatabaseIs503WithRetryAfterAndADamagedOne500() {
    let busy = APIError.response(for: Self.failure(.busy))
    #expect(busy.status == .serviceUnavailable)
    #expect(busy.headers["Retry-After"] == "1")
    #expect(APIError.classify(Self.failure(.busy)).1 == "the database is busy; try again")
  }

  /// Every database failure a request can meet, as its answer: the kind in words, 503 for
  /// what passes, 500 for what an operator must fix — never the location (`/k/db`) or the
  /// engine's words (a socket path, a user name, a port).
  @Test(arguments: [
    (DatabaseFailure.Kind.busy, 503, "the database is busy; try again"),
    (.unreachable, 503, "the database is unreachable; try again"),
    (.permissionDenied, 500, "the database refuses access"),
    (
      .misconfigured, 500,
      "the database's settings do not fit (a missing schema, a read-only server)"
    ),
    (.io, 500, "the database cannot be read or written (I/O failure)"),
    (.corrupt, 500, "the database is not readable"),
    (.other, 500, "the database failed"),
  ])
  func eachKindIsAnsweredWithoutTheLocation(
    kind: DatabaseFailure.Kind, status: Int, message: String
  ) {
    let (answered, text) = APIError.classify(Self.failure(kind))
    #expect(answered.rawValue == status)
    #expect(text == message)
  }

  @Test func refusalsKeysAndPushesKeepTheirStatuses() {
    let refused = ServiceError.core(
      .refused(runID: "8pg", phase: .paused, message: "8pg is paused: resume it first"))
    #expect(APIError.classify(refused) == (.conflict, "8pg is paused: resume it first"))
    #expect(
      APIError.classify(
        ServiceError.activity(.refused(.refused(runID: "8pg", phase: .paused, message: "no"))))
        == (.conflict, "no (8pg is paused)"))
    #expect(
      APIError.classify(ServiceError.noSuchAPIKey("phone"))
        == (.notFound, "no API key named phone"))
    #expect(APIError.classify(ServiceError.noSuchRun("zz")) == (.notFound, "no run \"zz\""))
  }
}
