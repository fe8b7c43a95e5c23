/// A place in a recipe file: 1-based line and 1-based column in Swift `Character`s.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// A parsed Cooklang file before it becomes a ``Recipe``: the shape the Cooklang spec's
/// conformance suite (`canonical.yaml`) describes, with source locations added.
public struct CooklangDocument: Hashable, Sendable {
  /// YAML front matter and `>> key: value` lines, in file order.
  public var metadata: [MetadataEntry]
  /// One step per paragraph, numbered straight through (sections are headings only).
  public var steps: [CooklangStep]
  /// Paragraphs starting with `>`: shown to the cook, never steps.
  public var notes: [CooklangNote]

  public init(metadata: [MetadataEntry] = [], steps: [CooklangStep] = [], notes: [CooklangNote] = []) {
    self.metadata = metadata
    self.steps = steps
    self.notes = notes
  }
}

/// One paragraph of directions.
public struct CooklangStep: Hashable, Sendable {
  /// The heading of the section it is in (`= Dough` → "Dough"), `nil` before any.
  public var section: String?
  /// Text, ingredients, cookware and timers in the order written; adjacent text is joined.
  public var items: [CooklangItem]
  /// Where the paragraph starts.
  public var location: SourceLocation

  public init(section: String? = nil, items: [CooklangItem], location: SourceLocation) {
    self.section = section
    self.items = items
    self.location = location
  }
}

/// A `>` note paragraph (text without the `>`).
public struct CooklangNote: Hashable, Sendable {
  public var text: String
  public var location: SourceLocation
}

/// One piece of a step.
public struct CooklangItem: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case text, ingredient, cookware, timer
  }

  public var kind: Kind
  /// The text of a `.text` item; the name of the others ("" for an unnamed timer).
  public var value: String
  /// The amount in braces, read as a number where it is one.
  public var quantity: CooklangQuantity
  /// The amount as written, trimmed (`"1 1/2"`, `"5-10"`, `"10 minutes"`); "" if none.
  public var quantityText: String
  /// The unit after `%`, trimmed; "" if none.
  public var units: String
  /// An ingredient's preparation (`@onion{1}(peeled)` → "peeled").
  public var preparation: String?
  /// Where the item starts (its `@`, `#` or `~` for components).
  public var location: SourceLocation

  public init(
    kind: Kind, value: String, quantity: CooklangQuantity = .none, quantityText: String = "",
    units: String = "", preparation: String? = nil, location: SourceLocation
  ) {
    self.kind = kind
    self.value = value
    self.quantity = quantity
    self.quantityText = quantityText
    self.units = units
    self.preparation = preparation
    self.location = location
  }
}

/// An amount as the Cooklang spec reads it: a number (integer, decimal, fraction `1/2`,
/// mixed `1 1/2`), text (`"few"`, `"01/2"`, `"5-10"`), or nothing written.
public enum CooklangQuantity: Hashable, Sendable {
  case none
  case number(Double)
  case text(String)
}
