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

  /// - Parameters: `file` as shown in diagnostics, `name` the recipe's name (its path in
  ///   the folder without `.cook`); the rest `nil` for a file that does not parse.
  public init(
    file: String, name: String, title: String?, steps: Int?, timers: Int?, errors: [String],
    warnings: [String]
  ) {
    self.file = file
    self.name = name
    self.title = title
    self.steps = steps
    self.timers = timers
    self.errors = errors
    self.warnings = warnings
  }

  public init(file: String, name: String, result: CooklangParseResult) {
    self.init(
      file: file, name: name, title: result.recipe?.title, steps: result.recipe?.steps.count,
      timers: result.recipe?.steps.reduce(0) { $0 + $1.timers.count },
      errors: result.errors.map(\.description), warnings: result.warnings.map(\.description))
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
    public var suggestedTimers: [SuggestedDocument]
    /// The ingredients the step marks, in the order written.
    public var ingredients: [IngredientDocument]
  }

  /// A time the step names only in words: `label` (`s1`, `s2`… through the recipe), the
  /// words, where they are in `text` (`from`..<`to`, in characters), its length in seconds.
  public struct SuggestedDocument: Encodable, Sendable {
    public var label: String
    public var text: String
    public var from: Int
    public var to: Int
    public var seconds: Double
    public var upperSeconds: Double?
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
  /// Each value in its YAML shape: a string, an array or an object.
  public var metadata: [String: MetadataValue]
  /// Every ingredient of the recipe, same name and unit added up (``IngredientDocument/whole(_:)``).
  public var ingredients: [IngredientDocument]
  public var steps: [StepDocument]
  public var warnings: [String]

  /// - Parameters:
  ///   - warnings: the parser's warnings, one line each, without a `cooktimer: ` prefix.
  ///   - suggested: per step, the times its words name (``SuggestedTimers/of(_:)``).
  ///   - ingredients: per step, what it marks (``IngredientDocument/of(_:)``).
  public init(
    _ recipe: Recipe, file: String, warnings: [String], suggested: [[ProseDuration]] = [],
    ingredients: [[IngredientDocument]] = []
  ) {
    name = recipe.title
    self.file = file
    metadata = Dictionary(
      recipe.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    var label = 0
    steps = recipe.steps.enumerated().map { i, step in
      let found = i < suggested.count ? suggested[i] : []
      let offered = found.map { duration -> SuggestedDocument in
        label += 1
        return SuggestedDocument(
          label: "s\(label)", text: duration.text, from: duration.span.lowerBound,
          to: duration.span.upperBound, seconds: Double(duration.duration) / 1000,
          upperSeconds: duration.upperDuration.map { Double($0) / 1000 })
      }
      return StepDocument(
        number: i + 1, text: step.text, section: step.section,
        timers: step.timers.map {
          TimerDocument(
            name: $0.name, seconds: $0.duration.map { Double($0) / 1000 },
            upperSeconds: $0.upperDuration.map { Double($0) / 1000 }, start: $0.start.rawValue,
            quantity: $0.quantity, unit: $0.unit)
        }, suggestedTimers: offered, ingredients: i < ingredients.count ? ingredients[i] : [])
    }
    self.ingredients = IngredientDocument.whole(ingredients)
    self.warnings = warnings
  }
}
