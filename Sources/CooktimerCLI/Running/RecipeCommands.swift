import CooktimerCore
import CooktimerStore
import Foundation

/// A recipe ready to run, with its parser warnings as stderr lines.
struct LoadedRecipe {
  var recipe: Recipe
  var path: String
  var warnings: [String]
}

extension Session {
  /// The recipes folder: `--recipes`, `$COOKTIMER_RECIPES`, `./Recipes` if it exists, else
  /// `$XDG_DATA_HOME/cooktimer/Recipes` (default `~/.local/share/cooktimer/Recipes`).
  func recipesFolder(_ options: GlobalOptions) -> String {
    if let dir = options.recipes { return dir }
    if let dir = environment["COOKTIMER_RECIPES"], !dir.isEmpty { return dir }
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: "Recipes", isDirectory: &isDir), isDir.boolValue {
      return "Recipes"
    }
    let data =
      DatabasePath.dataFolder(environment: environment)
      ?? NSHomeDirectory() + "/.local/share/cooktimer"
    return data + "/Recipes"
  }

  func catalog(_ options: GlobalOptions) -> RecipeCatalog {
    RecipeCatalog(folder: recipesFolder(options))
  }

  /// Where `recipes` keeps the summaries of the files it listed.
  func recipeListCache(_ options: GlobalOptions) -> RecipeListCache {
    RecipeListCache(folder: recipesFolder(options), environment: environment)
  }
}

extension CommandContext {
  /// Finds and parses a recipe by title, file name or path.
  /// - Throws: `CLIError.notFound` (66), `.usage` when ambiguous (64); `CoreError.invalidRecipe` (65).
  func loadRecipe(_ name: String) throws -> LoadedRecipe {
    let entry = try session.catalog(options).find(name)
    guard let recipe = entry.result.recipe else {
      throw CoreError.invalidRecipe(entry.result.errors[0])
    }
    return LoadedRecipe(
      recipe: recipe, path: entry.path,
      warnings: entry.result.warnings.map { "cooktimer: \($0)" })
  }

  /// `recipes`: every `.cook` file; one that does not parse is listed with its error.
  func listRecipes() throws -> Output {
    let entries = try session.catalog(options).summaries(cache: session.recipeListCache(options))
    if json {
      let list = entries.map { RecipeListJSON(file: $0.file, summary: $0.summary) }
      return Output(stdout: encodeJSON(["recipes": list]) + "\n")
    }
    if entries.isEmpty {
      return Output(
        stdout: "No recipes in \(session.catalog(options).folder). Use --recipes DIR.\n")
    }
    let width = min(28, entries.map(\.file.name.count).max() ?? 0)
    let lines = entries.map { file, summary -> String in
      let name = TerminalText.line(file.name).rightPad(width)
      guard let title = summary.title, let steps = summary.steps, let timers = summary.timers
      else {
        return "\(name)  ✗ \(TerminalText.line(summary.errors.first ?? "cannot be read"))"
      }
      let stepCount = steps == 1 ? "1 step" : "\(steps) steps"
      let clocks = timers == 1 ? "1 timer" : "\(timers) timers"
      return "\(name)  \(TerminalText.line(title)) — \(stepCount), \(clocks)"
    }
    return Output(stdout: lines.joined(separator: "\n") + "\n")
  }

  /// `show RECIPE`: its steps and timers.
  func show(_ name: String) throws -> Output {
    let loaded = try loadRecipe(name)
    let recipe = loaded.recipe
    if json {
      return Output(stdout: encodeJSON(ShowJSON(loaded)) + "\n", stderr: loaded.warnings)
    }
    var lines = ["\(TerminalText.line(recipe.title))  (\(loaded.path))"]
    let meta = recipe.metadata.filter { $0.key != "title" }.map {
      TerminalText.line("\($0.key): \($0.value.text)")
    }
    if !meta.isEmpty { lines.append(meta.joined(separator: " · ")) }
    var section: String?
    for (i, step) in recipe.steps.enumerated() {
      if let s = step.section, s != section, !s.isEmpty {
        lines.append("\n== \(TerminalText.line(s))")
      }
      section = step.section
      lines.append("\(String(i + 1).leftPad(3)). \(TerminalText.line(step.text))")
      for timer in step.timers {
        // How it starts against the timer before it, first: "then ⏱ uncovered 25 min".
        let lead: String
        switch timer.start {
        case .withStep: lead = "     "
        case .afterPrevious: lead = "then "
        case .withPrevious: lead = "meanwhile "
        case .alternativeToPrevious: lead = "or "
        }
        var text =
          "       " + lead + "⏱ " + (timer.name.isEmpty ? "timer" : TerminalText.line(timer.name))
          + " "
        if let ms = timer.duration {
          text += DurationText.short(ms)
          if let upper = timer.upperDuration { text += " to " + DurationText.short(upper) }
        } else {
          text += "(no duration: `begin` asks for one)"
        }
        lines.append(text)
      }
    }
    return Output(stdout: lines.joined(separator: "\n") + "\n", stderr: loaded.warnings)
  }
}

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

  init(_ loaded: LoadedRecipe) {
    name = loaded.recipe.title
    file = loaded.path
    metadata = Dictionary(
      loaded.recipe.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    steps = loaded.recipe.steps.enumerated().map { i, step in
      StepJSON(
        number: i + 1, text: step.text, section: step.section,
        timers: step.timers.map {
          TimerJSON(
            name: $0.name, seconds: $0.duration.map { Double($0) / 1000 },
            upperSeconds: $0.upperDuration.map { Double($0) / 1000 }, start: $0.start.rawValue,
            quantity: $0.quantity, unit: $0.unit)
        })
    }
    warnings = loaded.warnings.map { String($0.dropFirst("cooktimer: ".count)) }
  }
}
