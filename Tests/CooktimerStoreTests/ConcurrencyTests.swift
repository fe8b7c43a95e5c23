import CooktimerCore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// Several connections on one file, as two terminals running cooktimer are.
@Suite struct ConcurrencyTests {
  @Test(arguments: StoreKind.shared)
  func twoWritersNeverLoseAnUpdate(_ kind: StoreKind) throws {
    try kind.withShared { open in try twoWritersNeverLoseAnUpdate(open) }
  }

  private func twoWritersNeverLoseAnUpdate(_ open: @Sendable () throws -> RunStore) throws {
    try open().insert(Fixture.run())
    let rounds = 150
    let failures = Failures()
    let stamps = Stamps()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      do {
        let store = try open()
        for _ in 0..<rounds {
          try store.update(runID: "a3f") { run, tx in
            run.timers[0].added += 1
            stamps.add(try tx.nextPushTimestamp(runID: run.id, now: t0))
            return StoreChange(events: [RunEvent(kind: .added, at: t0)])
          }
        }
      } catch {
        failures.add(error)
      }
    }
    #expect(failures.all.isEmpty)
    let store = try open()
    #expect(try store.run(id: "a3f")?.timers[0].added == Int64(2 * rounds))
    #expect(try store.events(runID: "a3f").count == 2 * rounds)
    #expect(Set(stamps.all).count == 2 * rounds)
  }

  @Test(arguments: StoreKind.shared)
  func onlyOneOfTwoREPLsReportsTheSameAlarms(_ kind: StoreKind) throws {
    try kind.withShared { open in try onlyOneOfTwoREPLsReportsTheSameAlarms(open) }
  }

  private func onlyOneOfTwoREPLsReportsTheSameAlarms(_ open: @Sendable () throws -> RunStore)
    throws
  {
    try open().insert(Fixture.run())
    let moves = Moves()
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      do {
        let store = try open()
        for step in 1...50 {
          let through = t0 + Int64(step)
          moves.add(try store.advanceAlarmWatermark(runID: "a3f", through: through))
        }
      } catch {
        failures.add(error)
      }
    }
    #expect(failures.all.isEmpty)
    let advanced = moves.all.filter { if case .advanced = $0 { true } else { false } }
    #expect(advanced.count == 50)
  }

  @Test func dataVersionChangesWhenAnotherConnectionCommits() throws {
    let folder = TempFolder()
    defer { folder.remove() }
    let path = folder.file("db.sqlite3")
    let repl = try RunStore(path: path)
    let other = try RunStore(path: path)
    let before = try repl.dataVersion()
    #expect(try repl.dataVersion() == before)
    try other.insert(Fixture.run())
    let after = try repl.dataVersion()
    #expect(after != before)
    try repl.insert(Fixture.run(id: "own"))
    #expect(try repl.dataVersion() == after)
  }

  /// N senders, each on its own connection, claim pushes in rounds (pick the sendable ones,
  /// lease them for a minute, as `PushClaim` does, then mark them sent): every push is
  /// claimed, none twice.
  @Test(arguments: StoreKind.shared)
  func senderClaimsNeverOverlap(_ kind: StoreKind) throws {
    try kind.withShared { open in
      let setup = try open()
      try setup.insert(Fixture.run())
      let pushes = 120
      for number in 0..<pushes {
        try setup.enqueue(Fixture.draft(timestamp: 1_795_975_200 + Int64(number)), runID: "a3f")
      }
      let claims = Stamps()
      let failures = Failures()
      DispatchQueue.concurrentPerform(iterations: 4) { sender in
        do {
          let store = try open()
          let owner = "sender-\(sender)"
          while true {
            let ids = try store.transaction { tx in
              let ids = try tx.sendablePushes(at: t0, owner: owner, limit: 7)
                .filter { $0.state == .pending }.map(\.entry.id)
              try tx.lease(ids, owner: owner, until: t0 + 60_000)
              return ids
            }
            if ids.isEmpty { break }
            for id in ids { claims.add(id) }
            // Sent: this sender's own leased pushes would be sendable to it again.
            try store.markSent(ids: ids, at: t0)
          }
        } catch {
          failures.add(error)
        }
      }
      #expect(failures.all.isEmpty)
      #expect(claims.all.count == pushes)
      #expect(Set(claims.all).count == pushes)
    }
  }
}

/// Values collected from several threads.
final class Stamps: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int64] = []

  func add(_ value: Int64) {
    lock.lock()
    values.append(value)
    lock.unlock()
  }

  var all: [Int64] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}

/// Watermark moves collected from several threads.
final class Moves: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [AlarmWatermarkMove] = []

  func add(_ value: AlarmWatermarkMove) {
    lock.lock()
    values.append(value)
    lock.unlock()
  }

  var all: [AlarmWatermarkMove] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }
}
