import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

/// Recipes and runs built in code (no parser involved), and scratch folders.
enum Fixtures {
  /// One step whose timers all start together ("meanwhile"), with these durations in ms.
  static func parallelTimers(_ durations: [Int64], title: String) -> Recipe {
    let timers = durations.enumerated().map { i, ms in
      TimerSpec(
        name: "t\(i + 1)", duration: ms, quantity: String(ms), unit: "ms",
        start: i == 0 ? .withStep : .withPrevious)
    }
    return Recipe(
      title: title, steps: [Step(text: "Watch \(durations.count) pans.", timers: timers)])
  }

  /// A small real-looking recipe: pasta and sauce, three steps.
  static let pasta = Recipe(
    title: "Spaghetti mit Tomatensoße",
    metadata: [MetadataEntry(key: "servings", value: "4")],
    steps: [
      Step(
        text: "Bring 4 l water to the boil in a large pot and salt it.",
        timers: [TimerSpec(name: "Wasser", duration: 600_000, quantity: "10", unit: "min")]),
      Step(
        text: "Cook the spaghetti for 9 minutes; meanwhile simmer the sauce for 12 minutes.",
        timers: [
          TimerSpec(name: "Nudeln", duration: 540_000, quantity: "9", unit: "min"),
          TimerSpec(
            name: "Soße", duration: 720_000, quantity: "12", unit: "min", start: .withPrevious),
        ]),
      Step(text: "Drain, toss with the sauce and serve with parmesan."),
    ])

  /// A run of `pasta` in its first step, started at `at`.
  static func activeRun(id: String, at start: Instant) throws -> Run {
    try Run.start(id: id, recipe: pasta, at: start).run
  }

  /// A run that went through every step and finished.
  static func finishedRun(id: String, at start: Instant) throws -> (Run, [RunEvent]) {
    var (run, events) = try Run.start(id: id, recipe: pasta, at: start)
    for step in 1...pasta.steps.count {
      events += try run.next(at: start + Int64(step) * 900_000).events
    }
    return (run, events)
  }

  /// A scratch folder holding a database seeded by ``seed(_:finished:active:now:)`` at the
  /// wall clock's now, and the environment that points `cooktimer` at it (no recipes).
  struct SeededDatabase {
    let folder: ScratchFolder
    let environment: [String: String]

    init(finished: Int, active: Int) throws {
      folder = try ScratchFolder()
      let db = folder.path + "/runs.sqlite"
      try Fixtures.seed(
        RunStore(path: db), finished: finished, active: active, now: SystemClock().now())
      environment = [
        "COOKTIMER_DB": db, "HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC",
        "COOKTIMER_RECIPES": folder.path,
      ]
    }
  }

  /// A fresh folder under the system's temporary directory, removed by `remove()`.
  struct ScratchFolder {
    let path: String

    init() throws {
      path = NSTemporaryDirectory() + "cooktimer-bench-" + UUID().uuidString
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Stores `finished` finished runs and `active` running ones, in one transaction.
  static func seed(_ store: RunStore, finished: Int, active: Int, now: Instant) throws {
    try store.transaction { tx in
      for i in 0..<finished {
        let (run, events) = try finishedRun(
          id: "f\(i)", at: now - 86_400_000 * 30 + Int64(i) * 60_000)
        try tx.insert(run, events: events)
      }
      for i in 0..<active {
        let (run, events) = try Run.start(id: "a\(i)", recipe: pasta, at: now - Int64(i) * 1_000)
        try tx.insert(run, events: events)
      }
    }
  }
}
