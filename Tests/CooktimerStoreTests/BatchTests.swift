import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// ``RunStore/batch(_:)``: several changes, one commit; each change a savepoint of it.
@Suite struct BatchTests {
  struct Refused: Error {}

  @Test(arguments: StoreKind.shared)
  func aChangeThatThrowsIsUndoneAndTheOthersCommitTogether(_ kind: StoreKind) throws {
    try kind.withShared { open in try aChangeThatThrowsIsUndoneAndTheOthersCommitTogether(open) }
  }

  private func aChangeThatThrowsIsUndoneAndTheOthersCommitTogether(
    _ open: @Sendable () throws -> RunStore
  ) throws {
    let store = try open()
    let other = try open()
    try store.insert(Fixture.run(id: "a3f"))
    try store.insert(Fixture.run(id: "b4e"))
    var seenInside: Int64?
    try store.batch {
      try store.update(runID: "a3f") { run, _ in
        run.timers[0].added += 1000
        return StoreChange(events: [RunEvent(kind: .added, at: t0)])
      }
      #expect(throws: Refused.self) {
        try store.update(runID: "b4e") { run, _ in
          run.timers[0].added += 1000
          throw Refused()
        }
      }
      try store.update(runID: "b4e") { run, _ in
        run.timers[0].added += 7
        return StoreChange(events: [])
      }
      // Inside the batch its own connection sees the changes; another sees none yet.
      seenInside = try other.run(id: "a3f")?.timers[0].added
      #expect(try store.run(id: "a3f")?.timers[0].added == 1000)
    }
    #expect(seenInside == 0)
    #expect(try other.run(id: "a3f")?.timers[0].added == 1000)
    #expect(try other.run(id: "b4e")?.timers[0].added == 7)
    #expect(try other.events(runID: "a3f").filter { $0.kind == .added }.count == 1)
  }

  @Test(arguments: StoreKind.shared)
  func aBatchThatThrowsStoresNothing(_ kind: StoreKind) throws {
    try kind.withShared { open in try aBatchThatThrowsStoresNothing(open) }
  }

  private func aBatchThatThrowsStoresNothing(_ open: @Sendable () throws -> RunStore) throws {
    let store = try open()
    try store.insert(Fixture.run(id: "a3f"))
    #expect(throws: Refused.self) {
      try store.batch {
        try store.update(runID: "a3f") { run, _ in
          run.timers[0].added += 1000
          return StoreChange(events: [])
        }
        throw Refused()
      }
    }
    #expect(try store.run(id: "a3f")?.timers[0].added == 0)
    // Outside a batch a transaction commits on its own again.
    try store.update(runID: "a3f") { run, _ in
      run.timers[0].added += 5
      return StoreChange(events: [])
    }
    #expect(try open().run(id: "a3f")?.timers[0].added == 5)
  }
}
