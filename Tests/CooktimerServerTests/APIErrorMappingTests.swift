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
    for kind: DatabaseFailure.Kind in [.corrupt, .io, .permissionDenied, .other] {
      let (status, message) = APIError.classify(Self.failure(kind))
      #expect(status == .internalServerError && message == "/k/db: what happened", "\(kind)")
    }
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
