import CooktimerStore
import Testing

@testable import CooktimerCLI

/// The CLI is the one place a store failure becomes an exit status (cli.md "Output and
/// exit status"); the store only says what happened, and the service's error stands for it
/// (`ServiceError.converting`), so the CLI maps one error type.
@Suite("Store failures to exit statuses")
struct FailureStatusTests {
  @Test(arguments: [
    (StoreError.Kind.corrupt, Int32(65)), (.notCooktimerDatabase, 65),
    (.futureSchema(version: 9), 65),
    (.other, 70), (.io, 74), (.busy, 74), (.unreachable, 74), (.permissionDenied, 77),
    (.misconfigured, 78),
  ])
  func eachKindHasItsStatus(kind: StoreError.Kind, status: Int32) {
    let session = Session(options: GlobalOptions(), environment: [:])
    let error = StoreError(kind: kind, path: "/tmp/x.sqlite3", detail: "what happened")
    let output = session.failure(error, json: false)
    #expect(output.status == status)
    #expect(output.stderr.count == 1)
    #expect(output.stderr.first?.hasPrefix("cooktimer: /tmp/x.sqlite3: what happened") == true)
  }

  /// A run the store does not have reads as the service's "no run", with its hint.
  @Test func aRunTheStoreDoesNotHaveIsNoSuchRun() {
    let session = Session(options: GlobalOptions(), environment: [:])
    let error = StoreError(kind: .noSuchRun("k4m"), path: "/tmp/x.sqlite3", detail: "gone")
    let output = session.failure(error, json: false)
    #expect(output.status == 66)
    #expect(output.stderr == ["cooktimer: no run \"k4m\"; `status` lists the active runs"])
  }
}
