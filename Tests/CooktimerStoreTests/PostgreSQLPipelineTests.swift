import CooktimerPostgreSQL
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// Savepoint commands wait for the next statement and go with it in one round trip (libpq's
/// pipeline mode, §34.5): a batch's part opens two before its first read (docs/deploy.md §6).
/// What the server does must stay what one round trip each did: the savepoints exist before
/// the statement runs, and a statement that fails leaves them to be rolled back to.
@Suite struct PostgreSQLPipelineTests {
  @Test func savepointsGoWithTheNextStatementAndStayThere() throws {
    try TestPostgreSQL.withSchema { url in
      let engine = try PostgreSQLEngine(url: url)
      try withExtendedLifetime(engine) {
        try engine.execute("CREATE TABLE probe (n BIGINT NOT NULL)")
        let insert = try engine.prepare("INSERT INTO probe (n) VALUES (?)")
        let divide = try engine.prepare("SELECT 10 / ?")
        // Both prepared on the connection first (a statement preparing waits for its
        // savepoints, see below).
        try insert.bind([.integer(1)])
        _ = try insert.step()
        try divide.bind([.integer(5)])
        #expect(try divide.step())
        #expect(divide.int64(0) == 2)
        try engine.beginRunWrite()
        let start = engine.roundTrips
        try engine.execute("SAVEPOINT a")
        try engine.execute("SAVEPOINT b")
        #expect(engine.roundTrips == start)
        try insert.bind([.integer(2)])
        _ = try insert.step()
        #expect(engine.roundTrips == start + 1)
        try engine.execute("RELEASE b")
        try engine.execute("SAVEPOINT c")
        try divide.bind([.integer(0)])
        // Division by zero (SQLSTATE 22012): the server's error, not a lost connection.
        let error = #expect(throws: StoreError.self) { try divide.step() }
        #expect(error?.kind != .busy)
        #expect(error?.detail.contains("division by zero") == true)
        #expect(engine.roundTrips == start + 2)
        // `c` was made before the division failed: rolling back to it saves the transaction.
        try engine.execute("ROLLBACK TO c")
        try insert.bind([.integer(3)])
        _ = try insert.step()
        #expect(engine.roundTrips == start + 3)
        try engine.execute("RELEASE a")
        try engine.commit()
        let rows = try engine.prepare("SELECT n FROM probe ORDER BY n")
        var seen: [Int64] = []
        while try rows.step() { seen.append(rows.int64(0)) }
        #expect(seen == [1, 2, 3])
      }
    }
  }

  @Test func aBatchOfThreeRunChangesTakesItsCountedRoundTrips() throws {
    try TestPostgreSQL.withSchema { url in
      let engine = try PostgreSQLEngine(url: url)
      let store = try RunStore(engine: engine)
      let ids = ["a3f", "b4g", "c5h"]
      for id in ids { try store.insert(Fixture.run(id: id)) }
      func batch() throws -> Int {
        let start = engine.roundTrips
        try store.batch(changingRuns: true) {
          for id in ids {
            _ = try store.batchPart {
              try store.update(runID: id) { run, _ in
                run.timers[0].added += 1
                return StoreChange()
              }
            }
          }
        }
        return engine.roundTrips - start
      }
      // The first prepares the statements; the second is what every later batch costs.
      _ = try batch()
      let trips = try batch()
      #expect(trips == 20)
      let added = Fixture.run().timers[0].added
      for id in ids { #expect(try store.run(id: id)?.timers[0].added == added + 2) }
    }
  }
}
