/// What one command produced: text for stdout and stderr, and its exit status.
public struct Output: Equatable, Sendable {
  public var stdout: String
  /// Messages for stderr, each exactly one line (docs/cli.md §5): line breaks inside a message are
  /// folded by ``oneLine(_:)`` however the message was made, and control characters are
  /// replaced (``TerminalText``): messages quote arguments and recipe text.
  public var stderr: [String] {
    didSet { stderr = stderr.map(Self.messageLine) }
  }
  public var status: Int32

  public init(stdout: String = "", stderr: [String] = [], status: Int32 = 0) {
    self.stdout = stdout
    self.stderr = stderr.map(Self.messageLine)
    self.status = status
  }

  static func messageLine(_ text: String) -> String { TerminalText.block(oneLine(text)) }
}

/// Exit statuses (sysexits.h), as docs/cli.md §5 lists them.
public enum ExitStatus {
  public static let ok: Int32 = 0
  public static let usage: Int32 = 64
  public static let dataError: Int32 = 65
  public static let noInput: Int32 = 66
  /// EX_UNAVAILABLE: APNs could not be reached.
  public static let unavailable: Int32 = 69
  public static let software: Int32 = 70
  /// EX_CANTCREAT: `import` would replace an existing recipe (without `--force`).
  public static let cannotCreate: Int32 = 73
  public static let ioError: Int32 = 74
  public static let noPermission: Int32 = 77
  /// EX_CONFIG: a configuration error — a missing APNs key, team id or topic
  /// (docs/delivery.md §2), `serve` on a non-loopback address with no API key (docs/api.md §2).
  public static let configuration: Int32 = 78
  public static let interrupted: Int32 = 130
}
