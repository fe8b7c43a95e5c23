import CooktimerCore

/// `recipes --json`: one entry per file.
struct RecipeListJSON: Encodable {
  var file: String
  var name: String
  var title: String?
  var steps: Int?
  var timers: Int?
  var errors: [String]
  var warnings: [String]

  init(file: RecipeTree.File, summary: RecipeSummary) {
    self.file = file.path
    name = file.name
    title = summary.title
    steps = summary.steps
    timers = summary.timers
    errors = summary.errors
    warnings = summary.warnings
  }
}

/// `show --json` (cli.md "JSON shapes"): seconds, lower bound for ranges, null if unresolved.
struct ShowJSON: Encodable {
  struct StepJSON: Encodable {
    var number: Int
    var text: String
    var section: String?
    var timers: [TimerJSON]
    var suggestedTimers: [SuggestedJSON]
  }

  /// A time the step names in words: `label` (`s1`…), the words, where they are in `text`
  /// (`from`..<`to`, in characters), and the length in seconds.
  struct SuggestedJSON: Encodable {
    var label: String
    var text: String
    var from: Int
    var to: Int
    var seconds: Double
    var upperSeconds: Double?
  }

  struct TimerJSON: Encodable {
    var name: String
    var seconds: Double?
    var upperSeconds: Double?
    var start: String
    var quantity: String
    var unit: String

    func encode(to encoder: Encoder) throws {
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

  var name: String
  var file: String
  /// Each value in its YAML shape: a string, an array or an object.
  var metadata: [String: MetadataValue]
  var steps: [StepJSON]
  var warnings: [String]

  init(_ loaded: LoadedRecipe, suggested: [[ProseDuration]]) {
    name = loaded.recipe.title
    file = loaded.path
    metadata = Dictionary(
      loaded.recipe.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    var label = 0
    steps = loaded.recipe.steps.enumerated().map { i, step in
      let found = i < suggested.count ? suggested[i] : []
      let offered = found.map { duration -> SuggestedJSON in
        label += 1
        return SuggestedJSON(
          label: "s\(label)", text: duration.text, from: duration.span.lowerBound,
          to: duration.span.upperBound, seconds: Double(duration.duration) / 1000,
          upperSeconds: duration.upperDuration.map { Double($0) / 1000 })
      }
      return StepJSON(
        number: i + 1, text: step.text, section: step.section,
        timers: step.timers.map {
          TimerJSON(
            name: $0.name, seconds: $0.duration.map { Double($0) / 1000 },
            upperSeconds: $0.upperDuration.map { Double($0) / 1000 }, start: $0.start.rawValue,
            quantity: $0.quantity, unit: $0.unit)
        }, suggestedTimers: offered)
    }
    warnings = loaded.warnings.map { String($0.dropFirst("cooktimer: ".count)) }
  }
}
