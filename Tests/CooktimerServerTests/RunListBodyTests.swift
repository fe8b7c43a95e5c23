import CooktimerCore
import CooktimerHTTP
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// `GET /v1/runs`'s kept body: filled in at any instant it holds for, it is byte for byte the
/// document encoded at that instant.
@Suite("The run list kept between changes")
struct RunListBodyTests {
  static let recipes = [
    "---\ntitle: Tea\n---\nSteep the tea for ~steep{4%minutes}.\n\nPour.\n",
    "---\ntitle: Pasta\n---\nBoil ~pasta{8%minutes} while the ~sauce{12%minutes} simmers.\n",
    "---\ntitle: Egg \"soft\"\n---\nBoil for ~{6.5%minutes}, then ~rest{}.\n\nPeel.\n",
  ]

  /// Tea, pasta (two timers at once), an egg, and a paused tea, started a second apart, in a
  /// database file that lives as long as the returned value.
  static func runs() throws -> (RunService, [Run], TemporaryDatabase) {
    let database = try TemporaryDatabase("run-list-body")
    let service = RunService(
      store: try RunStore(path: database.path), clock: FixedClock(t0),
      zone: TimeZone(identifier: "UTC")!)
    for (i, text) in recipes.enumerated() {
      _ = try service.start(
        try Cooklang.recipe(text, file: "r\(i).cook"), autoAdvance: false,
        at: t0 + Int64(i) * 1000)
    }
    let paused = try service.start(
      try Cooklang.recipe(recipes[0], file: "r0.cook"), autoAdvance: false, at: t0 + 3000)
    _ = try service.perform(.pause, on: paused.id, at: t0 + 3500)
    return (service, try service.activeRuns(at: t0 + 3500), database)
  }

  @Test func filledInItIsTheEncodedDocumentAtEveryInstant() throws {
    let (service, runs, database) = try Self.runs()
    defer { withExtendedLifetime(database) {} }
    let built = t0 + 3500
    let body = try #require(try RunListBody(runs: runs, at: built))
    // The tea's steep (4 min from t0) ends first.
    #expect(body.validFrom == built)
    #expect(body.validUntil == t0 + 240_000)
    // Every 587 ms (a prime): each millisecond residue of a second comes up.
    let edges: [Instant] = [built, built + 1, built + 999, built + 1000, t0 + 240_000 - 1]
    let steps = stride(from: Int64(0), to: 236_500, by: 587).map { built + $0 }
    let instants = edges + steps
    for now in instants {
      #expect(body.holds(at: now))
      let expected = try HTTPResponse.makeJSONEncoder().encode(
        StatusDocument(try service.activeRuns(at: now), at: now))
      #expect(
        String(decoding: body.body(at: now), as: UTF8.self)
          == String(decoding: expected, as: UTF8.self), "at \(now)")
    }
    #expect(!body.holds(at: t0 + 240_000))
    #expect(!body.holds(at: built - 1))
  }

  @Test func secondsAreWrittenAsTheEncoderWritesThem() throws {
    // Every millisecond of the first 20 s, then a prime stride up to 7 days.
    let first = Array(Int64(0)...20_000)
    let samples = first + Array(stride(from: Int64(0), through: 604_800_000, by: 30_241))
    for ms in samples {
      let encoded = try HTTPResponse.makeJSONEncoder().encode([Double(ms) / 1000])
      #expect("[\(RunListBody.seconds(ms))]" == String(decoding: encoded, as: UTF8.self))
    }
  }

  @Test func noRunningTimerHoldsForever() throws {
    let (service, runs, database) = try Self.runs()
    defer { withExtendedLifetime(database) {} }
    let paused = runs.filter { $0.pausedAt != nil }
    let body = try #require(try RunListBody(runs: paused, at: t0 + 3500))
    #expect(body.validUntil == nil)
    #expect(body.holds(at: t0 + 86_400_000))
    _ = service
  }
}
