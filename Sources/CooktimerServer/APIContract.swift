/// The Swift `Codable` types of the API's request and response bodies an iOS timer app needs
/// (docs/api.md §1), as `cooktimer contract` prints them after the Live Activity type: paste
/// them into the app, and the app and the server cannot drift apart. The server's tests
/// compile this text and decode the server's real answers with it.
public func apiContractDeclaration() -> String {
  apiContractText + "\n"
}

private let apiContractText = #"""
  // The bodies of cooktimer's HTTP API (`cooktimer serve`), as `cooktimer contract` prints them.
  // Instants are ISO 8601 UTC strings with milliseconds ("2026-11-29T18:00:00.250Z"): parse them
  // with `ISO8601DateFormatter` and `.withFractionalSeconds`. Durations are seconds.
  import Foundation

  /// `POST /v1/runs`: start a recipe. Answer: 201 with a `CooktimerRun`.
  struct CooktimerStartRun: Codable, Hashable {
    var recipe: String
    var autoAdvance: Bool?
  }

  /// `POST /v1/runs/{id}/add`: add time to the shown timer ("1m", "-30s", "PT2M").
  struct CooktimerAddTime: Codable, Hashable {
    var duration: String
  }

  /// `POST /v1/runs/{id}/timers/{number}/begin`: start a waiting timer, with a length where
  /// the recipe gives none.
  struct CooktimerBeginTimer: Codable, Hashable {
    var duration: String?
  }

  /// `PUT /v1/tokens/push-to-start`: the device's push-to-start token (hex), from
  /// `Activity<CookingTimerAttributes>.pushToStartTokenUpdates`. Answer: 204.
  struct CooktimerPushToStartToken: Codable, Hashable {
    var token: String
    var device: String?
    /// True for a development build (the sandbox APNs host).
    var sandbox: Bool?
  }

  /// `PUT /v1/runs/{runId}/activities/{activity}/token`: an activity's update token (hex),
  /// from `activity.pushTokenUpdates`; `runId` and `activity` are in its attributes.
  /// Answer: 204.
  struct CooktimerActivityToken: Codable, Hashable {
    var token: String
    var sandbox: Bool?
  }

  /// A run: `GET /v1/runs/{id}`, each of `GET /v1/runs`'s `runs`, and every change's `run`.
  struct CooktimerRun: Codable, Hashable {
    var id: String
    var recipe: String
    /// "running", "paused", "waiting", "finished" or "stopped".
    var phase: String
    var stepNumber: Int
    var stepCount: Int
    var stepName: String
    var autoAdvance: Bool
    var startedAt: String
    var endedAt: String?
    /// Up to when its alarms were heard, anywhere; a timer that fired at or before it must not
    /// ring again. Absent until the first acknowledgement.
    var acknowledgedUntil: String?
    var timers: [CooktimerTimer]
  }

  /// One timer of a run, numbered as `timers/{number}/…` takes it.
  struct CooktimerTimer: Codable, Hashable {
    var number: Int
    var name: String
    var step: Int
    /// "waiting", "running", "paused", "fired", "skipped" or "cancelled".
    var state: String
    /// Its whole length in seconds, added time included; absent while unknown.
    var duration: Double?
    /// When it fires (running) or fired.
    var endDate: String?
    /// Seconds left (running and paused).
    var remaining: Double?
  }

  /// `GET /v1/runs`: the active runs.
  struct CooktimerRuns: Codable, Hashable {
    var runs: [CooktimerRun]
  }

  /// The answer of every change (`pause`, `resume`, `next`, `add`, …): `changed` false with a
  /// `note` when it changed nothing (pausing a paused run).
  struct CooktimerChange: Codable, Hashable {
    var id: String
    var changed: Bool
    var note: String?
    var run: CooktimerRun
  }

  /// Every error: 400 bad input, 401 no or wrong key, 404, 409 the run's state refuses, …
  struct CooktimerAPIError: Codable, Hashable, Error {
    var error: String
    /// The HTTP status as a string ("409").
    var status: String
  }
  """#
