import CooktimerService
import Foundation
import Testing

@testable import CooktimerCLI

/// `send` started while PostgreSQL restarts (issue 21's fault test: one started in the gap of
/// `pg_ctl restart` met no socket and exited 74): it waits for the database, bounded.
@Suite struct SendWaitsForDatabaseTests {
  static let url = "postgresql:///postgres?host=/tmp/nowhere&port=5432"
  static let unreachable = ServiceError.database(
    DatabaseFailure(kind: .unreachable, path: url, description: "cannot connect to PostgreSQL"))

  @Test func anUnreachablePostgreSQLIsTriedAgainAfterTheBackoff() throws {
    var (tries, sleeps, lines) = (0, [Int64](), [String]())
    let opened = try CommandContext.waitingForDatabase(
      at: Self.url, log: { lines.append($0) },
      sleep: {
        sleeps.append($0)
        return false
      },
      open: { () throws -> Int in
        tries += 1
        if tries < 3 { throw Self.unreachable }
        return 7
      })
    #expect(opened == 7)
    #expect(sleeps == [500, 1_000])
    #expect(lines == ["cooktimer: waiting for the database: cannot connect to PostgreSQL"])
  }

  @Test func theWaitIsBounded() {
    var sleeps = [Int64]()
    #expect(throws: ServiceError.self) {
      try CommandContext.waitingForDatabase(
        at: Self.url, within: 1_000, log: { _ in },
        sleep: {
          sleeps.append($0)
          return false
        },
        open: { () throws -> Int in throw Self.unreachable })
    }
    #expect(sleeps == [500, 1_000])
  }

  @Test func aFileOrAnyOtherFailureFailsAtOnce() {
    var sleeps = [Int64]()
    let denied = ServiceError.database(
      DatabaseFailure(kind: .permissionDenied, path: Self.url, description: "refused"))
    for (location, error) in [("/tmp/db.sqlite3", Self.unreachable), (Self.url, denied)] {
      #expect(throws: ServiceError.self) {
        try CommandContext.waitingForDatabase(
          at: location, log: { _ in },
          sleep: {
            sleeps.append($0)
            return false
          },
          open: { () throws -> Int in throw error })
      }
    }
    #expect(sleeps.isEmpty)
  }

  /// SIGTERM or Ctrl-C during the wait: stopped at once, not after the 30 s (a tester's
  /// `send` ignored Ctrl-C there and died of SIGTERM, 143).
  @Test func aStopDuringTheWaitEndsIt() {
    var tries = 0
    #expect(throws: WaitStopped.self) {
      try CommandContext.waitingForDatabase(
        at: Self.url, log: { _ in }, sleep: { _ in true },
        open: { () throws -> Int in
          tries += 1
          throw Self.unreachable
        })
    }
    #expect(tries == 1)
  }
}
