import CooktimerCore

/// A recipe snapshot as stored (`recipes.json`, and the title inside every run): a JSON
/// array `[title, metadata, steps]`, since every stored run carries its recipe's title this
/// way and arrays decode without key lookups. Steps and timers are objects with sorted keys.
struct StoredRecipe: Codable {
  var recipe: Recipe

  init(_ recipe: Recipe) { self.recipe = recipe }

  init(from decoder: Decoder) throws {
    var c = try decoder.unkeyedContainer()
    recipe = Recipe(
      title: try c.decode(String.self),
      metadata: try c.decode([StoredMetadata].self).map {
        MetadataEntry(key: $0.key, value: $0.value)
      },
      steps: try c.decode([StoredStep].self).map { try $0.step(decoder) })
  }

  func encode(to encoder: Encoder) throws {
    var c = encoder.unkeyedContainer()
    try c.encode(recipe.title)
    try c.encode(recipe.metadata.map { StoredMetadata(key: $0.key, value: $0.value) })
    try c.encode(recipe.steps.map(StoredStep.init))
  }
}

/// A metadata entry: `{"key", "value"}`, the value in its YAML shape (a string, an array or
/// an object; runs stored before shapes hold strings, which read back as strings).
private struct StoredMetadata: Codable {
  var key: String
  var value: MetadataValue
}

/// A step: `{"section"?, "suggested"?, "text", "timers"}`; `suggested` only when the step
/// has suggested timers (runs stored before them have none and read back with none).
private struct StoredStep: Codable {
  var text: String
  var section: String?
  var timers: [StoredTimerSpec]
  var suggested: [StoredSuggestion]?

  init(_ step: Step) {
    text = step.text
    section = step.section
    timers = step.timers.map(StoredTimerSpec.init)
    suggested = step.suggested.isEmpty ? nil : step.suggested.map(StoredSuggestion.init)
  }

  func step(_ decoder: Decoder) throws -> Step {
    Step(
      text: text, section: section, timers: try timers.map { try $0.spec(decoder) },
      suggested: (suggested ?? []).map(\.suggestion))
  }
}

/// A suggested timer: `{"duration", "number", "text", "upperDuration"?}`.
private struct StoredSuggestion: Codable {
  var number: Int
  var text: String
  var duration: Int64
  var upperDuration: Int64?

  init(_ suggestion: SuggestedTimer) {
    number = suggestion.number
    text = suggestion.text
    duration = suggestion.duration
    upperDuration = suggestion.upperDuration
  }

  var suggestion: SuggestedTimer {
    SuggestedTimer(number: number, text: text, duration: duration, upperDuration: upperDuration)
  }
}

/// A recipe's timer: `{"duration"?, "name", "quantity", "start", "unit", "upperDuration"?}`.
private struct StoredTimerSpec: Codable {
  var name: String
  var duration: Int64?
  var upperDuration: Int64?
  var quantity: String
  var unit: String
  var start: String

  init(_ spec: TimerSpec) {
    name = spec.name
    duration = spec.duration
    upperDuration = spec.upperDuration
    quantity = spec.quantity
    unit = spec.unit
    start = spec.start.rawValue
  }

  func spec(_ decoder: Decoder) throws -> TimerSpec {
    TimerSpec(
      name: name, duration: duration, upperDuration: upperDuration, quantity: quantity,
      unit: unit, start: try storedTimerStart(start, decoder))
  }
}
