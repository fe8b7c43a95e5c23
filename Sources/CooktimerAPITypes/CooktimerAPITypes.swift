// The bodies of cooktimer's HTTP API (`cooktimer serve`, docs/api.md) an app sends and reads,
// as `cooktimer contract --api` prints them (the library product `CooktimerAPITypes` of the
// cooktimer package is this one file). Foundation only.
//
// Encode requests and decode answers with a plain `JSONEncoder`/`JSONDecoder`: no field is a
// `Date`. Instants are ISO 8601 UTC strings with milliseconds ("2026-11-29T18:00:00.250Z"):
// parse them with `ISO8601DateFormatter` and `.withFractionalSeconds`. Durations are seconds.
// Fields the server may add later are ignored by the decoder; a field added here later is
// optional.
import Foundation

/// `POST /v1/runs`: start a recipe. Answer: 201 with a ``CooktimerRun``.
public struct CooktimerStartRun: Codable, Hashable, Sendable {
  /// The recipe's name as `GET /v1/recipes` lists it (`Breakfast/Pancakes`), its file name
  /// or its title.
  public var recipe: String
  /// Start each next step when the last timer of a step fires; default false.
  public var autoAdvance: Bool?

  public init(recipe: String, autoAdvance: Bool? = nil) {
    self.recipe = recipe
    self.autoAdvance = autoAdvance
  }
}

/// `POST /v1/runs/{id}/add`: add time to the shown timer, or to `timer`. Answer: a
/// ``CooktimerChange``.
public struct CooktimerAddTime: Codable, Hashable, Sendable {
  /// Signed, as the CLI takes it: "1m", "-30s", "2 min", "PT2M".
  public var duration: String
  /// The timer's number as `timers` gives it ("2") or its name; absent: the shown timer.
  public var timer: String?

  public init(duration: String, timer: String? = nil) {
    self.duration = duration
    self.timer = timer
  }
}

/// `POST /v1/runs/{id}/timers/{number}/begin`: start a waiting timer, with a length or an end
/// where the recipe gives none (not both). Answer: a ``CooktimerChange``.
public struct CooktimerBeginTimer: Codable, Hashable, Sendable {
  /// Its length: "10 min", "PT10M".
  public var duration: String?
  /// Its end, a local clock time of the server: "18:42", "6:42 pm".
  public var until: String?

  public init(duration: String? = nil, until: String? = nil) {
    self.duration = duration
    self.until = until
  }
}

/// `PUT /v1/tokens/push-to-start`: the device's push-to-start token, from
/// `Activity<CookingTimerAttributes>.pushToStartTokenUpdates`; and `PUT /v1/tokens/device`:
/// the app's ordinary device token, for the backup alert of a fire. Answer: 204.
public struct CooktimerPushToStartToken: Codable, Hashable, Sendable {
  /// The token's bytes as hex digits.
  public var token: String
  /// A name for the device ("Kitchen iPhone").
  public var device: String?
  /// True for a development build (the sandbox APNs host).
  public var sandbox: Bool?

  public init(token: String, device: String? = nil, sandbox: Bool? = nil) {
    self.token = token
    self.device = device
    self.sandbox = sandbox
  }
}

/// `PUT /v1/runs/{runId}/activities/{activity}/token`: an activity's update token, from
/// `activity.pushTokenUpdates`; `runId` and `activity` are in its attributes. Answer: 204.
public struct CooktimerActivityToken: Codable, Hashable, Sendable {
  /// The token's bytes as hex digits.
  public var token: String
  /// True for a development build (the sandbox APNs host).
  public var sandbox: Bool?
  /// True when the app started this activity itself: no push-to-start goes for it.
  public var appStarted: Bool?

  public init(token: String, sandbox: Bool? = nil, appStarted: Bool? = nil) {
    self.token = token
    self.sandbox = sandbox
    self.appStarted = appStarted
  }
}

/// A run: `GET /v1/runs/{id}`, each of `GET /v1/runs`'s `runs`, and every change's `run`.
public struct CooktimerRun: Codable, Hashable, Sendable {
  /// The run's id, as the paths take it (case does not matter).
  public var id: String
  /// The recipe's title.
  public var recipe: String
  /// "running", "paused", "waiting", "finished" or "stopped".
  public var phase: String
  /// The current step, 1-based.
  public var stepNumber: Int
  /// The number of steps.
  public var stepCount: Int
  /// The current step's whole text.
  public var stepName: String
  /// True when each next step starts by itself as the last timer of a step fires.
  public var autoAdvance: Bool
  /// ISO 8601 UTC with milliseconds.
  public var startedAt: String
  /// ISO 8601 UTC with milliseconds; absent while the run is active.
  public var endedAt: String?
  /// Up to when its alarms were heard, anywhere (ISO 8601 UTC with milliseconds); a timer
  /// that fired at or before it must not ring again. Absent until the first acknowledgement.
  public var acknowledgedUntil: String?
  /// Every timer of the recipe, in its order, numbered from 1.
  public var timers: [CooktimerTimer]
  /// The current step's suggested timers `timers/s{n}/begin` starts (times its words name);
  /// absent when there are none.
  public var suggestedTimers: [CooktimerSuggestedTimer]?

  public init(
    id: String, recipe: String, phase: String, stepNumber: Int, stepCount: Int,
    stepName: String, autoAdvance: Bool, startedAt: String, endedAt: String? = nil,
    acknowledgedUntil: String? = nil, timers: [CooktimerTimer],
    suggestedTimers: [CooktimerSuggestedTimer]? = nil
  ) {
    self.id = id
    self.recipe = recipe
    self.phase = phase
    self.stepNumber = stepNumber
    self.stepCount = stepCount
    self.stepName = stepName
    self.autoAdvance = autoAdvance
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.acknowledgedUntil = acknowledgedUntil
    self.timers = timers
    self.suggestedTimers = suggestedTimers
  }
}

/// One timer of a run, numbered as `timers/{number}/…` takes it.
public struct CooktimerTimer: Codable, Hashable, Sendable {
  /// 1-based, across the whole recipe.
  public var number: Int
  /// As the recipe names it (may be empty).
  public var name: String
  /// The step it belongs to, 1-based.
  public var step: Int
  /// "waiting", "running", "paused", "fired", "skipped" or "cancelled".
  public var state: String
  /// Its whole length in seconds, added time included; absent while unknown.
  public var duration: Double?
  /// When it fires (running) or fired, ISO 8601 UTC with milliseconds.
  public var endDate: String?
  /// Seconds left (running and paused).
  public var remaining: Double?

  public init(
    number: Int, name: String, step: Int, state: String, duration: Double? = nil,
    endDate: String? = nil, remaining: Double? = nil
  ) {
    self.number = number
    self.name = name
    self.step = step
    self.state = state
    self.duration = duration
    self.endDate = endDate
    self.remaining = remaining
  }
}

/// A suggested timer of a run's current step: a time its words name ("simmer 10 to 15
/// minutes").
public struct CooktimerSuggestedTimer: Codable, Hashable, Sendable {
  /// What `begin` takes: "s1".
  public var label: String
  /// The words it was read from.
  public var text: String
  /// Its length in seconds (a range's lower bound).
  public var seconds: Double
  /// A range's upper bound in seconds.
  public var upperSeconds: Double?

  public init(label: String, text: String, seconds: Double, upperSeconds: Double? = nil) {
    self.label = label
    self.text = text
    self.seconds = seconds
    self.upperSeconds = upperSeconds
  }
}

/// `GET /v1/runs`: the active runs.
public struct CooktimerRuns: Codable, Hashable, Sendable {
  /// The active runs, oldest first.
  public var runs: [CooktimerRun]

  public init(runs: [CooktimerRun]) {
    self.runs = runs
  }
}

/// The answer of every change (`pause`, `resume`, `next`, `add`, …): `changed` false with a
/// `note` when it changed nothing (pausing a paused run).
public struct CooktimerChange: Codable, Hashable, Sendable {
  /// The run's id.
  public var id: String
  /// False when the change changed nothing (a safe retry).
  public var changed: Bool
  /// Why nothing changed, for people; absent when it changed.
  public var note: String?
  public var run: CooktimerRun

  public init(id: String, changed: Bool, note: String? = nil, run: CooktimerRun) {
    self.id = id
    self.changed = changed
    self.note = note
    self.run = run
  }
}

/// `POST /v1/pair`: trade a pairing code (from the QR code or link `serve` shows) for an API
/// key. Answer: 201 with a ``CooktimerPairedKey``; 403 for a code wrong, used or expired.
public struct CooktimerPair: Codable, Hashable, Sendable {
  /// The code as shown or typed (case, `-` and look-alike letters do not matter).
  public var code: String
  /// The key's name ("kitchen-ipad").
  public var name: String?

  public init(code: String, name: String? = nil) {
    self.code = code
    self.name = name
  }
}

/// The API key a pairing gave: send it as `Authorization: Bearer KEY`. Shown once.
public struct CooktimerPairedKey: Codable, Hashable, Sendable {
  /// The name asked for, with a number added when taken ("kitchen-ipad-2"); "paired1", …
  /// when none was asked for.
  public var name: String
  /// "ck_" and 64 hex digits.
  public var key: String
  /// ISO 8601 UTC with milliseconds.
  public var createdAt: String

  public init(name: String, key: String, createdAt: String) {
    self.name = name
    self.key = key
    self.createdAt = createdAt
  }
}

/// Every error: 400 bad input, 401 no or wrong key, 403, 404, 409 the run's state refuses, …
public struct CooktimerAPIError: Codable, Hashable, Sendable, Error {
  /// One sentence for people.
  public var error: String
  /// The HTTP status as a string ("409").
  public var status: String

  public init(error: String, status: String) {
    self.error = error
    self.status = status
  }
}
