import CooktimerCore
import CooktimerService
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
    let entries = try session.catalog(options).entries()
    if json {
      return Output(stdout: encodeJSON(RecipeListDocument(recipes: entries.map(\.document))) + "\n")
    }
    if entries.isEmpty {
      return Output(
        stdout: "No recipes in \(session.catalog(options).folder). Use --recipes DIR.\n")
    }
    let width = min(28, entries.map(\.name.count).max() ?? 0)
    let lines = entries.map { entry -> String in
      let name = entry.name.rightPad(width)
      guard let recipe = entry.result.recipe else {
        return "\(name)  ✗ \(entry.result.errors.first?.description ?? "cannot be read")"
      }
      let timers = recipe.steps.reduce(0) { $0 + $1.timers.count }
      let steps = recipe.steps.count == 1 ? "1 step" : "\(recipe.steps.count) steps"
      let clocks = timers == 1 ? "1 timer" : "\(timers) timers"
      return "\(name)  \(recipe.title) — \(steps), \(clocks)"
    }
    return Output(stdout: lines.joined(separator: "\n") + "\n")
  }

  /// `show RECIPE`: its steps and timers.
  func show(_ name: String) throws -> Output {
    let loaded = try loadRecipe(name)
    let recipe = loaded.recipe
    if json {
      return Output(stdout: encodeJSON(loaded.document) + "\n", stderr: loaded.warnings)
    }
    var lines = ["\(recipe.title)  (\(loaded.path))"]
    let meta = recipe.metadata.filter { $0.key != "title" }.map { "\($0.key): \($0.value)" }
    if !meta.isEmpty { lines.append(meta.joined(separator: " · ")) }
    var section: String?
    for (i, step) in recipe.steps.enumerated() {
      if let s = step.section, s != section, !s.isEmpty { lines.append("\n== \(s)") }
      section = step.section
      lines.append("\(String(i + 1).leftPad(3)). \(step.text)")
      for timer in step.timers {
        // How it starts against the timer before it, first: "then ⏱ uncovered 25 min".
        let lead: String
        switch timer.start {
        case .withStep: lead = "     "
        case .afterPrevious: lead = "then "
        case .withPrevious: lead = "meanwhile "
        case .alternativeToPrevious: lead = "or "
        }
        var text = "       " + lead + "⏱ " + (timer.name.isEmpty ? "timer" : timer.name) + " "
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

extension RecipeCatalog.Entry {
  /// Its line in `recipes --json`.
  var document: RecipeSummaryDocument {
    RecipeSummaryDocument(file: path, name: name, result: result)
  }
}

extension LoadedRecipe {
  /// `show --json`: the warnings without their `cooktimer: ` prefix.
  var document: RecipeDocument {
    RecipeDocument(
      recipe, file: path, warnings: warnings.map { String($0.dropFirst("cooktimer: ".count)) })
  }
}
