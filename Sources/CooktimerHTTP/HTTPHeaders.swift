/// Header fields in the order they were given, looked up by name without regard to case
/// (field names are case-insensitive, RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// One field line.
  public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public private(set) var fields: [Field]

  public init(_ fields: [Field] = []) { self.fields = fields }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// The first value of the field `name`, or nil. Setting replaces every field of that name;
  /// setting nil removes them.
  public subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      fields.removeAll { Self.same($0.name, name) }
      if let newValue { fields.append(Field(name: name, value: newValue)) }
    }
  }

  /// Every value of the field `name`, in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// Adds a field line, keeping those already there.
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  private static func same(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
  }
}
