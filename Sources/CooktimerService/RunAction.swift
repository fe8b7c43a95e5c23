import CooktimerActivity
import CooktimerCore

/// A change to a run, as every front end sends it: a REPL line, a one-shot command, a
/// `watch` key, an HTTP request. ``RunService/perform(_:on:at:)`` applies it.
public enum RunAction: Hashable, Sendable {
  case pause
  case resume
  case next
  case restart
  case stop
  /// Adds a signed length (ms) to the shown timer, or to `timer` when given.
  case add(milliseconds: Int64, timer: TimerReference? = nil)
  case skip(TimerReference)
  case cancel(TimerReference)
  /// Starts a waiting timer now, with a length where the recipe gives none; or a suggested
  /// timer (`s1`) of the current step, for the length its words name.
  case begin(TimerReference, length: TimerLength? = nil)

  /// The action's word: the command's (`pause`), the HTTP route's last segment
  /// (`POST /v1/runs/{id}/pause`), from the one list, ``CookAction``.
  public var word: String { cookAction.rawValue }

  /// The cook's action as the push rule names it.
  public var cookAction: CookAction {
    switch self {
    case .pause: return .pause
    case .resume: return .resume
    case .next: return .next
    case .restart: return .restart
    case .stop: return .stop
    case .add: return .add
    case .skip: return .skip
    case .cancel: return .cancel
    case .begin: return .begin
    }
  }
}

/// A timer of a run: its number in `status` (1-based), its name (case-insensitive), or a
/// suggested timer of the recipe (`s1`: a time the step names in words).
public enum TimerReference: Hashable, Sendable {
  case number(Int)
  case name(String)
  /// `sN`: ``SuggestedTimer/number``; `begin` starts it, the others take the timer it started.
  case suggested(Int)

  /// A number when the word is all digits, a suggestion for `s` and digits (`s1`), else a name.
  public init(_ word: String) {
    if let n = Int(word) {
      self = .number(n)
    } else if word.hasPrefix("s"), word.count > 1,
      word.dropFirst().allSatisfy({ ("0"..."9").contains($0) }), let n = Int(word.dropFirst()),
      n > 0
    {
      self = .suggested(n)
    } else {
      self = .name(word)
    }
  }

  public var word: String {
    switch self {
    case .number(let n): return String(n)
    case .name(let name): return name
    case .suggested(let n): return "s\(n)"
    }
  }
}

/// How long a timer started with `begin` runs.
public enum TimerLength: Hashable, Sendable {
  /// Milliseconds.
  case duration(Int64)
  /// Until a local clock time as typed (`18:42`, `6:42pm`), resolved in the service's zone.
  case until(String)
}
