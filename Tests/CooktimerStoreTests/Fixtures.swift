import CooktimerCore
import CooktimerPostgreSQL
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerStore

/// A fresh folder under the system temp folder, removed by `remove()`.
struct TempFolder {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "cooktimer-store-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { path + "/" + name }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Where a test's store lives: the same body runs against each — SQLite in memory, an
/// SQLite file, and PostgreSQL (a schema of its own on ``TestPostgreSQL``'s server).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
  case memory, disk, postgresql

  var testDescription: String { rawValue }

  /// Opens a store and passes it to `body`; cleans up afterwards.
  func with(_ body: (RunStore) throws -> Void) throws {
    switch self {
    case .memory:
      try body(try RunStore.inMemory())
    case .disk:
      let folder = TempFolder()
      defer { folder.remove() }
      try body(try RunStore(path: folder.file("cooktimer.sqlite3")))
    case .postgresql:
      try TestPostgreSQL.withSchema { url in
        try body(try RunStore(engine: try PostgreSQLEngine(url: url)))
      }
    }
  }
}

extension StoreKind {
  /// Kinds whose database several connections share: a file, a PostgreSQL schema.
  static let shared: [StoreKind] = [.disk, .postgresql]

  /// `body` with a way to open another connection (store) to one fresh shared database.
  func withShared(_ body: (@Sendable () throws -> RunStore) throws -> Void) throws {
    switch self {
    case .memory:
      Issue.record("an in-memory database has one connection")
    case .disk:
      let folder = TempFolder()
      defer { folder.remove() }
      let path = folder.file("db.sqlite3")
      try body { try RunStore(path: path) }
    case .postgresql:
      try TestPostgreSQL.withSchema { url in
        try body { try RunStore(engine: try PostgreSQLEngine(url: url)) }
      }
    }
  }
}

enum Fixture {

  static let recipe = Recipe(
    title: "Soft eggs / «œufs»",
    metadata: [MetadataEntry(key: "servings", value: "2")],
    steps: [
      Step(
        text: "Boil the eggs for 6 minutes, meanwhile toast bread.", section: "Eggs",
        timers: [
          TimerSpec(name: "eggs", duration: 360_000, quantity: "6", unit: "minutes"),
          TimerSpec(
            name: "toast", duration: 120_000, upperDuration: 180_000, quantity: "2-3",
            unit: "min", start: .withPrevious),
          TimerSpec(name: "", duration: nil, quantity: "", start: .alternativeToPrevious),
        ]),
      Step(text: "Serve.", timers: []),
    ])

  /// A run whose timers are in every state, with the given status.
  static func run(id: String = "a3f", status: RunStatus = .active, paused: Bool = false) -> Run {
    Run(
      id: id, recipe: recipe, autoAdvance: true, startedAt: t0, stepIndex: 0,
      stepStartedAt: t0, status: status, pausedAt: paused ? t0 + 5_000 : nil,
      idleSince: paused ? nil : t0 + 1,
      timers: [
        RunTimer(
          step: 0, index: 0, name: "eggs", duration: 360_000, start: .withStep,
          state: .running(endDate: t0 + 360_000)),
        RunTimer(
          step: 0, index: 1, name: "toast", duration: 120_000, added: -30_000,
          start: .withPrevious, state: .paused(remaining: 45_000)),
        RunTimer(
          step: 0, index: 2, name: "", duration: nil, start: .alternativeToPrevious,
          state: .waiting),
        RunTimer(
          step: 1, index: 0, name: "a", duration: 1, start: .withStep,
          state: .fired(at: t0 + 7)),
        RunTimer(
          step: 1, index: 1, name: "b", duration: 2, start: .afterPrevious,
          state: .skipped(at: t0 + 8)),
        RunTimer(
          step: 1, index: 2, name: "c", duration: 3, start: .afterPrevious,
          state: .cancelled(at: t0 + 9)),
      ],
      lastChange: t0 + 9)
  }

  /// ``run(id:status:paused:)`` with only its first timer running, until `end`: the run's
  /// next due instant.
  static func run(id: String, dueAt end: Instant) -> Run {
    var run = run(id: id)
    run.timers[0].state = .running(endDate: end)
    run.timers[1].state = .waiting
    return run
  }

  static let events: [RunEvent] = [
    RunEvent(kind: .started, at: t0),
    RunEvent(kind: .stepStarted, at: t0, step: 0),
    RunEvent(kind: .timerStarted, at: t0, step: 0, timer: 0),
    RunEvent(kind: .added, at: t0 + 1_000, step: 0, timer: 1, amount: -30_000),
    RunEvent(kind: .timerFired, at: t0 + 360_000, step: 0, timer: 0),
  ]

  static func draft(_ event: String = "update", timestamp: Int64 = 1_795_975_200) -> OutboxDraft {
    OutboxDraft(
      event: event, timestamp: timestamp, priority: 10, target: "1",
      headers: #"{"apns-priority":"10","apns-push-type":"liveactivity"}"#,
      body: #"{"aps":{"event":"\#(event)","timestamp":\#(timestamp)}}"#, createdAt: t0)
  }
}

/// The bytes of a file, for "left untouched" checks.
func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// The store error a throwing expression produced, if any.
func storeError(_ body: () throws -> Void) -> StoreError? {
  do {
    try body()
    return nil
  } catch let error as StoreError {
    return error
  } catch {
    Issue.record("unexpected error \(error)")
    return nil
  }
}
