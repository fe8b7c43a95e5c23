import Foundation

/// Parsed JSON, for comparing what was encoded with an expected literal (semantically).
enum JSONValue: Equatable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  init(_ data: Data) throws {
    self = try JSONDecoder().decode(JSONValue.self, from: data)
  }

  init(_ text: String) throws {
    try self.init(Data(text.utf8))
  }

  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  var keys: Set<String> {
    if case .object(let members) = self { return Set(members.keys) }
    return []
  }

  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }
}
