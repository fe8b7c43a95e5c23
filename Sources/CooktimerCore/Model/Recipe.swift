/// A recipe as the engine runs it: its steps, each with the timers it starts.
///
/// Built from a Cooklang file by the parser (`Cooklang` folder); a run keeps a copy
/// (a snapshot), so editing the file during a run changes nothing in it.
public struct Recipe: Hashable, Sendable {
  /// The recipe's title: the `title` metadata, else the file name without `.cook`.
  public var title: String
  /// Metadata in file order (YAML front matter or `>>` lines). Never countdowns.
  public var metadata: [MetadataEntry]
  /// Steps numbered 1...N straight through the recipe; sections are headings only.
  public var steps: [Step]

  public init(title: String, metadata: [MetadataEntry] = [], steps: [Step]) {
    self.title = title
    self.metadata = metadata
    self.steps = steps
  }
}

/// One step: a paragraph of the recipe.
public struct Step: Hashable, Sendable {
  /// The step as a cook reads it: ingredients and cookware by name, a timer as its
  /// quantity and unit as written (a name-only timer as its name), whitespace collapsed.
  public var text: String
  /// The heading of the section the step is in (`= Dough`), if any.
  public var section: String?
  /// The step's timers in the order written.
  public var timers: [TimerSpec]
  /// The durations its words name that are not timers (``SuggestedTimers/of(_:)``): the cook
  /// starts one with `begin sN` (``Run/beginSuggested(_:at:)``).
  public var suggested: [SuggestedTimer]

  public init(
    text: String, section: String? = nil, timers: [TimerSpec] = [],
    suggested: [SuggestedTimer] = []
  ) {
    self.text = text
    self.section = section
    self.timers = timers
    self.suggested = suggested
  }
}

/// A duration a step names only in its words ("bake for 15 minutes"), offered as a timer.
public struct SuggestedTimer: Hashable, Sendable {
  /// Its label's number: `s1`, `s2`… numbered straight through the recipe.
  public var number: Int
  /// The words as written (`"15 minutes"`).
  public var text: String
  /// The length in milliseconds; the lower bound of a range.
  public var duration: Int64
  /// The upper bound of a range in milliseconds; else `nil`.
  public var upperDuration: Int64?

  public init(number: Int, text: String, duration: Int64, upperDuration: Int64? = nil) {
    self.number = number
    self.text = text
    self.duration = duration
    self.upperDuration = upperDuration
  }

  /// `s1`, as the cook types it.
  public var label: String { "s\(number)" }
}

/// How a timer starts relative to the timer written before it in the same step.
///
/// Decided by the words between the two timers (docs/recipes.md §7):
/// "while"/"meanwhile"/"während"/"gleichzeitig"/"pendant que" → `.withPrevious`;
/// "or"/"oder"/"ou" → `.alternativeToPrevious`; anything else → `.afterPrevious`.
public enum TimerStart: String, Hashable, Sendable {
  /// The first timer of a step: it starts when the step starts.
  case withStep
  /// Starts the instant the previous timer fires (the default: "fry 5 min, then 3 more").
  case afterPrevious
  /// Starts together with the previous timer ("meanwhile").
  case withPrevious
  /// An alternative to the previous timer ("low 7 h or high 4 h"); unused, it counts as skipped.
  case alternativeToPrevious
}

/// A timer as the recipe writes it.
public struct TimerSpec: Hashable, Sendable {
  /// The timer's name (`~eggs{3%minutes}` → "eggs"); "" if it has none.
  public var name: String
  /// The duration in milliseconds — the lower bound of a range; `nil` when it cannot be
  /// read (text value, unknown or missing unit, a name-only timer).
  public var duration: Int64?
  /// The upper bound of a range in milliseconds; `nil` unless the timer is a range.
  public var upperDuration: Int64?
  /// The quantity as written (`"3"`, `"1 1/2"`, `"5-10"`); "" for a name-only timer.
  public var quantity: String
  /// The unit as written (`"minutes"`, `"Min."`); "" if none.
  public var unit: String
  /// How it starts relative to the timer before it in the step.
  public var start: TimerStart

  public init(
    name: String, duration: Int64?, upperDuration: Int64? = nil, quantity: String = "",
    unit: String = "", start: TimerStart = .withStep
  ) {
    self.name = name
    self.duration = duration
    self.upperDuration = upperDuration
    self.quantity = quantity
    self.unit = unit
    self.start = start
  }
}
