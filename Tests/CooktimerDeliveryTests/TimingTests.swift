import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// `cooktimer send` on its own clock: a timer's push at the timer's end with nothing else
/// running, and pushes other processes queue noticed within 100 ms (delivery.md §3).
@Suite("Sending on time", .tags(.timing), .ownThread)
struct TimingTests {
  @Test func eachTimersUpdateArrivesWithinFiftyMillisecondsOfItsEndDate() throws {
    let box = try DeliveryBox()
    try box.write(recipe: "egg", "Boil the egg for ~{2%seconds}.\n\nPeel it.\n")
    try box.write(recipe: "tea", "Steep the tea for ~{1%seconds}.\n")
    try box.addPushToStart(randomToken())
    // Two runs, the later one's timer first: the sender must wake for whichever ends next.
    var ends: [String: Double] = [:]
    var runs: [String: String] = [:]
    var eggToken: String?
    for recipe in ["egg", "tea"] {
      let run = try box.json(["start", recipe])
      let id = try #require(run["id"] as? String)
      let token = randomToken()
      try box.addActivityToken(token, run: id)
      runs[token] = id
      if recipe == "egg" { eggToken = token }
      ends[token] = try unixSeconds((run["timers"] as? [[String: Any]])?.first?["endDate"])
    }
    // From here on the sender is the only cooktimer: it must settle the runs itself.
    let sender = try box.sender()
    // Two starts, the two fires, and the egg's two re-scores (docs/live-activity.md §3.7):
    // the tea fires first, so the egg drops to 98 at the tea's start and is back at 99 once
    // the tea has fired; those go at priority 5.
    let requests = try box.requests(count: 6, within: .seconds(6), sender: sender)
    let toActivities = requests.filter { ends[$0.token ?? ""] != nil }
    let updates = toActivities.filter { $0.headers["apns-priority"] == "10" }
    #expect(updates.count == 2)
    let rescores = toActivities.filter { $0.headers["apns-priority"] == "5" }
    #expect(rescores.map(\.token) == [eggToken, eggToken])
    let scores = try rescores.map {
      ((try jsonObject($0.body)["aps"] as? [String: Any])?["relevance-score"] as? NSNumber)?
        .doubleValue
    }
    #expect(scores == [98, 99])
    // Each run's timestamps before each request (its start, then its re-scores): a send
    // takes max(floor(send time), previous + 1).
    var latestStamp: [String: Int] = [:]
    var stampBefore: [Int: Int] = [:]
    for (index, request) in requests.enumerated() {
      let aps = try jsonObject(request.body)["aps"] as? [String: Any]
      let run =
        runs[request.token ?? ""]
        ?? (aps?["attributes"] as? [String: Any])?["runId"] as? String ?? ""
      if let previous = latestStamp[run] { stampBefore[index] = previous }
      latestStamp[run] = aps?["timestamp"] as? Int
    }
    for update in updates {
      let end = ends[update.token!]!
      #expect(update.status == 200)
      let aps = try #require(try jsonObject(update.body)["aps"] as? [String: Any])
      #expect(aps["event"] as? String == "update")
      // The sender read its clock a few ms before the stand-in's receipt: either second.
      let received = DeliveryBox.processTime(update)
      let index = try #require(requests.firstIndex { $0.apnsID == update.apnsID })
      let previous = try #require(stampBefore[index])
      let allowed = Set(
        [received - 0.05, received].map { max(Int($0.rounded(.down)), previous + 1) })
      let stamp = try #require(aps["timestamp"] as? Int)
      #expect(allowed.contains(stamp), "\(stamp) not in \(allowed)")
      #expect(stamp >= Int(end.rounded(.down)))
      let title = (aps["alert"] as? [String: Any])?["title"] as? String
      #expect(title?.hasSuffix(" — timer done") == true, "\(title ?? "no alert")")
      let lateness = DeliveryBox.processTime(update) - end
      #expect(lateness >= 0, "sent \(lateness * 1000) ms before the end date")
      #expect(lateness < 0.050, "sent \(lateness * 1000) ms after the end date")
    }
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0)
  }

  @Test func pushesQueuedByAnotherProcessAreNoticedWithinAHundredMilliseconds() throws {
    try pushesQueuedByAnotherProcessAreNoticed(try DeliveryBox())
  }

  /// On PostgreSQL the sender waits for the commit's NOTIFY instead of polling (issue 21).
  @Test func pushesQueuedThroughPostgreSQLAreNoticedWithinAHundredMilliseconds() throws {
    try TestPostgreSQL.withSchema { url in
      try pushesQueuedByAnotherProcessAreNoticed(try DeliveryBox(database: url))
    }
  }

  private func pushesQueuedByAnotherProcessAreNoticed(_ box: DeliveryBox) throws {
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(randomToken())
    let sender = try box.sender()
    try sender.waitUntilSending()
    _ = try box.start("toast")  // opens the connection, stores the topic
    _ = try box.requests(count: 1)
    // Queued here, in this process, so the instant of the commit is known to the
    // millisecond (a `cooktimer start` child commits at some moment before it exits).
    let service = try RunService(
      path: box.environment["COOKTIMER_DB"]!,
      clock: SystemClock(offsetNanoseconds: Int64(DeliveryBox.clockOffset * 1e9)))
    let recipe = try Cooklang.recipe("Toast the bread.\n", file: "toast.cook")
    for n in 2...4 {
      let run = try service.start(recipe, autoAdvance: false)
      let committed = Date().timeIntervalSince1970 + DeliveryBox.clockOffset
      let request = try box.requests(count: n)[n - 1]
      let aps = try #require(try jsonObject(request.body)["aps"] as? [String: Any])
      #expect((aps["attributes"] as? [String: Any])?["runId"] as? String == run.id)
      let wait = DeliveryBox.processTime(request) - committed
      #expect(wait < 0.100, "push \(n) sent \(wait * 1000) ms after it was queued")
    }
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0)
  }

  @Test func sigtermFinishesTheRequestInFlightAndExitsZero() throws {
    let token = randomToken()
    let box = try DeliveryBox(script: [.init(token: token, answers: [.init(200, delay: 1.0)])])
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(token)
    let sender = try box.sender()
    try sender.waitUntilSending()
    _ = try box.start("toast")
    let request = try #require(try box.requests(count: 1).first)
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0, "\(sender.stderr)")
    // It waited for the answer, held back a second, and recorded it.
    #expect(Date().timeIntervalSince1970 >= request.time + 1.0)
    let attempts = try box.deliveries()
    #expect(attempts.map { $0["status"] as? Int } == [200])
    #expect(try box.outbox().isEmpty)
  }

  @Test func sigtermWhileIdleExitsZeroAtOnce() throws {
    let box = try DeliveryBox()
    let sender = try box.sender()
    try sender.waitUntilSending()
    let asked = ContinuousClock.now
    sender.signal(SIGTERM)
    #expect(try sender.exitStatus() == 0, "\(sender.stderr)")
    #expect(ContinuousClock.now - asked < .milliseconds(500))
  }
}
