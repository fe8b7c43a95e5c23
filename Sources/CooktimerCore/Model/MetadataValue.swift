/// One `key: value` pair of a recipe's metadata (YAML front matter or a `>> key: value` line).
public struct MetadataEntry: Hashable, Sendable, Codable {
  public var key: String
  public var value: MetadataValue

  public init(key: String, value: MetadataValue) {
    self.key = key
    self.value = value
  }
}

/// A metadata value in its YAML shape: a scalar (kept as written, never typed: `4` is the
/// string "4"), a list, or a map whose pairs keep their file order.
public enum MetadataValue: Hashable, Sendable {
  case string(String)
  case list([MetadataValue])
  case map([MetadataEntry])

  /// The value in one line of text: a scalar as is, a list joined with ", ", a map as
  /// `key: value` pairs joined with ", " (nested values likewise).
  public var text: String {
    switch self {
    case .string(let string): string
    case .list(let items): items.map(\.text).joined(separator: ", ")
    case .map(let entries): entries.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ")
    }
  }

  /// The scalar, or `nil` for a list or a map.
  public var string: String? {
    if case .string(let string) = self { string } else { nil }
  }
}

extension MetadataValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

/// Encoded in its own shape: a JSON string, array or object. Runs stored before metadata had
/// shapes hold plain strings, which decode as `.string`. Object keys decode in sorted order,
/// since JSON objects keep none.
extension MetadataValue: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: Decoder) throws {
    if let single = try? decoder.singleValueContainer(),
      let string = try? single.decode(String.self)
    {
      self = .string(string)
    } else if var list = try? decoder.unkeyedContainer() {
      var items: [MetadataValue] = []
      while !list.isAtEnd { items.append(try list.decode(MetadataValue.self)) }
      self = .list(items)
    } else {
      let map = try decoder.container(keyedBy: Key.self)
      self = .map(
        try map.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          MetadataEntry(key: $0.stringValue, value: try map.decode(MetadataValue.self, forKey: $0))
        })
    }
  }

  public func encode(to encoder: Encoder) throws {
    switch self {
    case .string(let string):
      var single = encoder.singleValueContainer()
      try single.encode(string)
    case .list(let items):
      var list = encoder.unkeyedContainer()
      for item in items { try list.encode(item) }
    case .map(let entries):
      var map = encoder.container(keyedBy: Key.self)
      // A repeated key keeps its first value, as a lookup by key does.
      var seen = Set<String>()
      for entry in entries where seen.insert(entry.key).inserted {
        try map.encode(entry.value, forKey: Key(stringValue: entry.key))
      }
    }
  }
}
