import CooktimerCore
import CooktimerService
import Foundation

/// A recipe ready to run, with its parser warnings as stderr lines.
struct LoadedRecipe {
  var recipe: Recipe
  /// The file as parsed, for what the recipe does not keep (suggested timers).
  var document: CooklangDocument
  var path: String
  var warnings: [String]
}

extension Session {
  /// The recipes folder: `--recipes`, `$COOKTIMER_RECIPES`, `./Recipes` if it exists, else
  /// `$XDG_DATA_HOME/cooktimer/Recipes` (default `~/.local/share/cooktimer/Recipes`), which
  /// gets the shipped recipes the first time it is used (``ShippedRecipesInstall``).
  func recipesFolder(_ options: GlobalOptions) -> String {
    if let dir = options.recipes { return dir }
    if let dir = environment["COOKTIMER_RECIPES"], !dir.isEmpty { return dir }
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: "Recipes", isDirectory: &isDir), isDir.boolValue {
      return "Recipes"
    }
    let data =
      DatabaseLocation.dataFolder(environment: environment)
      ?? NSHomeDirectory() + "/.local/share/cooktimer"
    let folder = data + "/Recipes"
    if let note = ShippedRecipesInstall.ifMissing(folder) {
      FileHandle.standardError.write(Data((note + "\n").utf8))
    }
    return folder
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
    let entry = try session.catalog(options).find(
      name, cache: session.recipeListCache(options))
    guard let recipe = entry.result.recipe else {
      throw CoreError.invalidRecipe(entry.result.errors[0])
    }
    return LoadedRecipe(
      recipe: SuggestedTimers.attaching(to: recipe, from: entry.result.document),
      document: entry.result.document, path: entry.path,
      warnings: entry.result.warnings.map { "cooktimer: \($0)" })
  }

  /// `recipes`: every `.cook` file; one that does not parse is listed with its error.
  func listRecipes() throws -> Output {
    let entries = try session.catalog(options).summaries(cache: session.recipeListCache(options))
    if json {
      let list = entries.map { RecipeSummaryDocument(file: $0.file, summary: $0.summary) }
      return Output(stdout: encodeJSON(RecipeListDocument(recipes: list)) + "\n")
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
}

extension RecipeSummaryDocument {
  /// A file's line in `recipes --json` and `GET /v1/recipes`.
  init(file: RecipeTree.File, summary: RecipeSummary) {
    self.init(
      file: file.path, name: file.name, title: summary.title, steps: summary.steps,
      timers: summary.timers, errors: summary.errors, warnings: summary.warnings)
  }
}

extension LoadedRecipe {
  /// `show --json`: the warnings without their `cooktimer: ` prefix, with the suggested
  /// timers of each step.
  var showDocument: RecipeDocument {
    RecipeDocument(
      recipe, file: path, warnings: warnings.map { String($0.dropFirst("cooktimer: ".count)) },
      suggested: document.steps.map(SuggestedTimers.of),
      ingredients: document.steps.map(IngredientDocument.of))
  }
}
