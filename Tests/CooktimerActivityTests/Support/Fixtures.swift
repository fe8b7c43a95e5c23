import CookingTimerAttributes
import CooktimerActivity
import CooktimerCore
import Foundation

/// 2026-11-29T18:00:00.250Z: a quarter second, so rounding up and down differ.
let t0 = Instant(unixMilliseconds: 1_795_975_200_250)
/// `t0` in whole Unix seconds.
let t0Seconds: Int64 = 1_795_975_200
/// `t0` in seconds since 2001-01-01T00:00:00Z.
let t0Reference: Double = 817_668_000.25

let minute: Int64 = 60_000
let hour: Int64 = 3_600_000
let topic = "com.example.cooktimer"

/// Three steps: two timed, the last untimed.
let pasta = Recipe(
  title: "Spaghetti",
  steps: [
    Step(text: "Boil the water", timers: [TimerSpec(name: "water", duration: 10 * minute)]),
    Step(text: "Cook the pasta", timers: [TimerSpec(name: "Nudeln", duration: 9 * minute)]),
    Step(text: "Drain and serve"),
  ])

func startRun(_ recipe: Recipe = pasta, autoAdvance: Bool = false, at now: Instant = t0) throws
  -> Run
{
  try Run.start(id: "r1", recipe: recipe, autoAdvance: autoAdvance, at: now).run
}

/// A push's body, parsed.
func pushJSON(
  _ event: PushEvent, _ run: Run, at now: Instant, timestamp: Int64? = nil,
  options: PushOptions = PushOptions()
) throws -> JSONValue {
  let request = try PushRequest.liveActivity(
    event, run: run, at: now, timestamp: timestamp ?? nextTimestamp(now: now, previous: nil),
    topic: topic, options: options)
  return try JSONValue(request.body)
}

/// What the phone's ActivityKit decodes, for decoding tests.
enum Phone {
  /// Stands in for ActivityKit's `ActivityContent<State>`.
  struct ActivityContent<State: Decodable>: Decodable {
    var state: State
    var staleDate: Date?
    var relevanceScore: Double
  }

  /// The `aps` of a push as the phone reads it.
  struct Push: Decodable {
    struct APS: Decodable {
      var contentState: CookingTimerAttributes.ContentState
      var attributes: CookingTimerAttributes?

      enum CodingKeys: String, CodingKey {
        case attributes
        case contentState = "content-state"
      }
    }
    var aps: APS
  }

  static func content(_ data: Data) throws -> ActivityContent<CookingTimerAttributes.ContentState> {
    try JSONDecoder().decode(ActivityContent<CookingTimerAttributes.ContentState>.self, from: data)
  }

  static func push(_ data: Data) throws -> Push {
    try JSONDecoder().decode(Push.self, from: data)
  }
}
