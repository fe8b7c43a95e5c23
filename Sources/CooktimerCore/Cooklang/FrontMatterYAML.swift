import CYAML

/// YAML front matter into metadata values, read with libyaml's event API from memory.
///
/// Scalars stay strings as written (no typing: `4`, `yes`, `~` are text), anchors and aliases
/// are resolved, and a map's keys are its key scalars (a list or map used as a key becomes
/// its ``MetadataValue/text``).
///
/// Bounded while the events are read, before any value is built (``FrontMatterBounds``).
enum FrontMatterYAML {
  /// What the text holds.
  enum Reading: Equatable {
    /// Nothing (blank, or comments only).
    case empty
    /// A single top-level value; front matter is expected to be a ``MetadataValue/map(_:)``.
    case value(MetadataValue)
    /// Not YAML: libyaml's problem and where it was found (0-based line and column in
    /// characters, within `text`).
    case invalid(problem: String, line: Int, column: Int)
    /// Valid YAML over a bound (``FrontMatterBounds``): what and where (0-based).
    case tooLarge(problem: String, line: Int, column: Int)
  }

  static func read(_ text: String) -> Reading {
    let events: [Event]
    switch self.events(of: text) {
    case .success(let list): events = list
    case .failure(let problem) where problem.overBound:
      return .tooLarge(problem: problem.text, line: problem.line, column: problem.column)
    case .failure(let problem):
      return .invalid(problem: problem.text, line: problem.line, column: problem.column)
    }
    var builder = Builder(events: events)
    guard let value = builder.value() else { return .empty }
    return .value(value)
  }

  // MARK: Events

  enum Event {
    case scalar(String, anchor: String?)
    case sequenceStart(anchor: String?)
    case mappingStart(anchor: String?)
    case end
    case alias(String)
  }

  struct Problem: Error {
    var text: String
    var line: Int
    var column: Int
    /// Valid YAML past a bound of ``FrontMatterBounds``, not a syntax error.
    var overBound = false
  }

  private static func events(of text: String) -> Result<[Event], Problem> {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      return .failure(Problem(text: "out of memory", line: 0, column: 0))
    }
    defer { yaml_parser_delete(&parser) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var events: [Event] = []
      var bounds = FrontMatterBounds()
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) != 0 else {
          let problem = parser.problem.map { String(cString: $0) } ?? "cannot be read"
          return .failure(
            Problem(
              text: problem, line: Int(clamping: parser.problem_mark.line),
              column: Int(clamping: parser.problem_mark.column)))
        }
        defer { yaml_event_delete(&event) }
        var over: String?
        switch event.type {
        case YAML_STREAM_END_EVENT:
          return .success(events)
        case YAML_SCALAR_EVENT:
          let scalar = event.data.scalar
          let anchor = string(scalar.anchor)
          events.append(.scalar(string(scalar.value, length: scalar.length), anchor: anchor))
          over = bounds.scalar(bytes: scalar.length, anchor: anchor)
        case YAML_SEQUENCE_START_EVENT:
          let anchor = string(event.data.sequence_start.anchor)
          events.append(.sequenceStart(anchor: anchor))
          over = bounds.start(anchor: anchor)
        case YAML_MAPPING_START_EVENT:
          let anchor = string(event.data.mapping_start.anchor)
          events.append(.mappingStart(anchor: anchor))
          over = bounds.start(anchor: anchor)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
          events.append(.end)
          over = bounds.end()
        case YAML_ALIAS_EVENT:
          let name = string(event.data.alias.anchor) ?? ""
          events.append(.alias(name))
          over = bounds.alias(name)
        default:
          break  // Stream and document boundaries carry no value.
        }
        if let over {
          return .failure(
            Problem(
              text: over, line: Int(clamping: event.start_mark.line),
              column: Int(clamping: event.start_mark.column), overBound: true))
        }
      }
    }
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
    guard let pointer else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }

  // MARK: Values

  /// Events into the first document's value; libyaml has already checked their nesting.
  private struct Builder {
    let events: [Event]
    var index = 0
    var anchors: [String: MetadataValue] = [:]

    mutating func value() -> MetadataValue? {
      guard index < events.count else { return nil }
      let event = events[index]
      index += 1
      switch event {
      case .scalar(let text, let anchor):
        return remember(.string(text), anchor)
      case .alias(let name):
        return anchors[name] ?? .string("")
      case .sequenceStart(let anchor):
        var items: [MetadataValue] = []
        while let item = value() { items.append(item) }
        return remember(.list(items), anchor)
      case .mappingStart(let anchor):
        var entries: [MetadataEntry] = []
        while let key = value(), let item = value() {
          entries.append(MetadataEntry(key: key.text, value: item))
        }
        return remember(.map(entries), anchor)
      case .end:
        return nil
      }
    }

    private mutating func remember(_ value: MetadataValue, _ anchor: String?) -> MetadataValue {
      if let anchor { anchors[anchor] = value }
      return value
    }
  }
}
