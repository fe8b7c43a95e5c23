import CooktimerActivity
import CooktimerCore

/// Options that go before or after any command (docs/cli.md §1).
public struct GlobalOptions: Equatable, Sendable {
  /// `--db PATH`.
  public var database: String?
  /// `--recipes DIR`.
  public var recipes: String?
  /// `--now TIME`: act as if the current time were this.
  public var now: Instant?
  /// `--json`: exactly one JSON document on stdout.
  public var json = false
  /// `--topic BUNDLE_ID`.
  public var topic: String?
  /// `--on-alarm CMD`: run CMD whenever a timer fires (REPL and `watch`).
  public var onAlarm: String?
  /// `--alerts text|loc-keys`: how push alerts are written (stored like the topic).
  public var alerts: AlertStyle?
  /// `--ring once|repeat`: whether a REPL alarm rings again until acknowledged.
  public var ring: RingMode?

  public init() {}
}

/// A parsed command line: global options and the command (none: REPL or piped commands).
public struct Invocation: Equatable, Sendable {
  public var options: GlobalOptions
  public var command: Command?
  /// The command's own word (`timeline` for `eta`), for hints in messages.
  public var word: String?
  /// The words after the command's word, options left out (`1`, `min` for `add 1 min`): an
  /// error's example repeats them, so the hint is the typed command with the run added.
  public var arguments: [String]

  public init(
    options: GlobalOptions = GlobalOptions(), command: Command? = nil, word: String? = nil,
    arguments: [String] = []
  ) {
    self.options = options
    self.command = command
    self.word = word
    self.arguments = arguments
  }
}
