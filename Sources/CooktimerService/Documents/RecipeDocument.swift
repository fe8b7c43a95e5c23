import CooktimerCore

/// One recipe file in `recipes --json` and `GET /v1/recipes`: a file that does not parse is
/// listed with its errors and no title.
public struct RecipeSummaryDocument: Encodable, Sendable {
  public var file: String
  public var name: String
  public var title: String?
  public var steps: Int?
  public var timers: Int?
  public var errors: [String]
  public var warnings: [String]

  /// - Parameters: `file` as shown in diagnostics, `name` the file name without `.cook`.
  public init(file: String, name: String, result: CooklangParseResult) {
    self.file = file
    self.name = name
    title = result.recipe?.title
    steps = result.recipe?.steps.count
    timers = result.recipe?.steps.reduce(0) { $0 + $1.timers.count }
    errors = result.errors.map(\.description)
    warnings = result.warnings.map(\.description)
  }
}

/// `recipes --json` and `GET /v1/recipes`: `{"recipes": [RecipeSummaryDocument]}`.
public struct RecipeListDocument: Encodable, Sendable {
  public var recipes: [RecipeSummaryDocument]
  public init(recipes: [RecipeSummaryDocument]) { self.recipes = recipes }
}

/// `show RECIPE --json` and `GET /v1/recipes/{name}` (docs/cli.md "JSON shapes"): timer
/// lengths in seconds, the lower bound for ranges, `null` while unresolved.
public struct RecipeDocument: Encodable, Sendable {
  public struct StepDocument: Encodable, Sendable {
    public var number: Int
    public var text: String
    public var section: String?
    public var timers: [TimerDocument]
  }

  public struct TimerDocument: Encodable, Sendable {
    public var name: String
    public var seconds: Double?
    public var upperSeconds: Double?
    public var start: String
    public var quantity: String
    public var unit: String

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(name, forKey: .name)
      try c.encode(seconds, forKey: .seconds)  // null when unresolved, as scripts expect
      try c.encodeIfPresent(upperSeconds, forKey: .upperSeconds)
      try c.encode(start, forKey: .start)
      try c.encode(quantity, forKey: .quantity)
      try c.encode(unit, forKey: .unit)
    }

    enum CodingKeys: String, CodingKey {
      case name, seconds, upperSeconds, start, quantity, unit
    }
  }

  public var name: String
  public var file: String
  public var metadata: [String: String]
  public var steps: [StepDocument]
  public var warnings: [String]

  /// - Parameter warnings: the parser's warnings, one line each, without a `cooktimer: `
  ///   prefix.
  public init(_ recipe: Recipe, file: String, warnings: [String]) {
    name = recipe.title
    self.file = file
    metadata = Dictionary(
      recipe.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    steps = recipe.steps.enumerated().map { i, step in
      StepDocument(
        number: i + 1, text: step.text, section: step.section,
        timers: step.timers.map {
          TimerDocument(
            name: $0.name, seconds: $0.duration.map { Double($0) / 1000 },
            upperSeconds: $0.upperDuration.map { Double($0) / 1000 }, start: $0.start.rawValue,
            quantity: $0.quantity, unit: $0.unit)
        })
    }
    self.warnings = warnings
  }
}
