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
  /// Starts a waiting timer now, with a length where the recipe gives none.
  case begin(TimerReference, length: TimerLength? = nil)

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

/// A timer of a run: its number in `status` (1-based) or its name (case-insensitive).
public enum TimerReference: Hashable, Sendable {
  case number(Int)
  case name(String)

  /// A number when the word is all digits, else a name.
  public init(_ word: String) {
    self = Int(word).map { .number($0) } ?? .name(word)
  }

  public var word: String {
    switch self {
    case .number(let n): return String(n)
    case .name(let name): return name
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
