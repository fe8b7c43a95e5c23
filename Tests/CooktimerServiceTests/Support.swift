import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation

/// A service on a real SQLite file in a fresh folder, with a clock the test sets.
final class Kitchen {
  let folder: String
  let store: RunStore
  let service: RunService
  private var ids = 0

  init(topic: String? = "com.example.cooktimer", alerts: AlertStyle? = nil) throws {
    folder = NSTemporaryDirectory() + "cooktimer-service-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    store = try RunStore(path: folder + "/cooktimer.sqlite3")
    let counter = APNsIDCounter()
    service = RunService(
      store: store, clock: FixedClock(t0), zone: TimeZone(identifier: "UTC")!,
      settings: PushSettings(topic: topic, alertStyle: alerts),
      makeAPNsID: { counter.next() })
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// A shipped recipe, parsed.
  static func recipe(_ name: String) throws -> Recipe {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Recipes/\(name).cook").standardized
    return try Cooklang.recipe(try String(contentsOf: url, encoding: .utf8), file: name)
  }

  /// The pending pushes at `now` (after catch-up), in order, parsed, as recorded: each body
  /// as of its own moment (the sender renders it again when it sends).
  func pushes(at now: Instant) throws -> [Push] {
    try service.catchUpAll(through: now)
    return try store.pendingOutbox().map(Push.init)
  }

  /// The pending pushes as `outbox` shows them at `now`: rendered as they would go then.
  func outbox(at now: Instant) throws -> [Push] {
    try service.pendingPushes(at: now).map(Push.init)
  }
}

/// One queued push, parsed for assertions.
struct Push {
  var entry: OutboxEntry
  var aps: [String: Any]
  var headers: [String: String]

  init(_ entry: OutboxEntry) throws {
    self.entry = entry
    let body = try JSONSerialization.jsonObject(with: Data(entry.draft.body.utf8))
    aps = (body as? [String: Any])?["aps"] as? [String: Any] ?? [:]
    headers = try JSONDecoder().decode([String: String].self, from: Data(entry.draft.headers.utf8))
  }

  var event: String { entry.draft.event }
  var priority: Int { entry.draft.priority }
  var target: String { entry.draft.target }
  var activity: Int { entry.draft.activity }
  var timestamp: Int64 { entry.draft.timestamp }
  var alertTitle: String? { (aps["alert"] as? [String: Any])?["title"] as? String }
  var alertBody: String? { (aps["alert"] as? [String: Any])?["body"] as? String }
  var sound: String? { (aps["alert"] as? [String: Any])?["sound"] as? String }
  var state: [String: Any] { aps["content-state"] as? [String: Any] ?? [:] }
  var phase: String? { state["phase"] as? String }
  /// "event p10 activity: alert title" for compact exact comparisons.
  var summary: String {
    "\(event) p\(priority) \(target) @\(timestamp - t0Seconds)"
      + (alertTitle.map { ": \($0)" } ?? "")
  }
}

let t0Seconds: Int64 = 1_795_975_200
let second: Int64 = 1000
let minute: Int64 = 60_000
let hour: Int64 = 3_600_000
