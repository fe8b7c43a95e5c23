import CooktimerCore
import Foundation

extension CommandContext {
  /// `import FILE|URL [--name NAME] [--force]`: the page's schema.org Recipe as
  /// `RECIPES/NAME.cook`: NAME is `--name` (it may name subfolders), else the title made
  /// a safe file name in the folder itself (``RecipeImport/fileName(forTitle:)``).
  /// - Throws: `.badData` (65) for a page without a Recipe, `.cannotCreate` (73) for an
  ///   existing file without `--force`, `.notFound` (66) / `.io` (74) for a page that cannot
  ///   be read or fetched, `.unavailable` (69) for a URL when libcurl is not installed.
  func importRecipe(_ source: String, name: String?, force: Bool) throws -> Output {
    let isURL = source.hasPrefix("http://") || source.hasPrefix("https://")
    let page = try isURL ? Self.fetch(source) : Self.read(source)
    let recipe: SchemaRecipe
    do {
      recipe = try RecipeImport.recipe(fromPage: page)
    } catch {
      throw CLIError.badData("\(source) \(error.message)")
    }
    let folder = session.recipesFolder(options)
    let relative = try name.map(Self.fileName) ?? RecipeImport.fileName(forTitle: recipe.name)
    let path = (folder as NSString).appendingPathComponent(relative + ".cook")
    // A file that would not parse, or lose steps, is a failure before anything is written.
    let text: String
    do {
      text = try RecipeImport.checkedCookText(recipe, source: isURL ? source : nil, file: path)
    } catch {
      throw CLIError.badData("\(source) \(error.message)")
    }
    if !force, FileManager.default.fileExists(atPath: path) {
      throw CLIError.cannotCreate("\(path) exists; --force replaces it")
    }
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CLIError.io("cannot write \(path)")
    }
    let parsed = Cooklang.parse(text, file: path)
    let steps = parsed.recipe?.steps ?? []
    let timers = steps.reduce(0) { $0 + $1.timers.count }
    let warnings = parsed.diagnostics.map { "cooktimer: \($0)" }
    if json {
      let object = ImportJSON(
        file: path, name: relative, title: recipe.name, steps: steps.count, timers: timers)
      return Output(stdout: encodeJSON(object) + "\n", stderr: warnings)
    }
    let stepCount = steps.count == 1 ? "1 step" : "\(steps.count) steps"
    let clocks = timers == 1 ? "1 timer" : "\(timers) timers"
    return Output(
      stdout:
        "Imported \(TerminalText.line(relative)): \(TerminalText.line(recipe.name)) — "
        + "\(stepCount), \(clocks)\n",
      stderr: warnings)
  }

  /// An explicit `--name` as a path below the recipes folder: no empty, hidden or `..`
  /// parts.
  static func fileName(_ name: String) throws -> String {
    let parts = name.split(separator: "/").map {
      TerminalText.line(String($0)).trimmingCharacters(in: .whitespaces)
    }
    guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else {
      throw CLIError.usage("--name \"\(name)\" is not a recipe name: write e.g. Breakfast/Pancakes")
    }
    return parts.joined(separator: "/")
  }

  /// A saved page, read up to ``PageFetch/sizeLimit`` like a fetched one: a larger file
  /// (a disk image given by mistake, `/dev/zero`) is refused without being read whole.
  private static func read(_ path: String) throws -> String {
    guard let file = FileHandle(forReadingAtPath: path) else {
      throw CLIError.notFound("no page file \(path)")
    }
    defer { try? file.close() }
    let data: Data
    do {
      data = try file.read(upToCount: PageFetch.sizeLimit + 1) ?? Data()
    } catch {
      throw CLIError.io("cannot read \(path)")
    }
    guard data.count <= PageFetch.sizeLimit else {
      throw CLIError.badData(
        "\(path) is over \(PageFetch.sizeLimit / 1024 / 1024) MiB: not a recipe page")
    }
    return PageText.decode(data)
  }

  /// The page at `url` (``PageFetch``: libcurl, redirects followed, 30 s at most).
  private static func fetch(_ url: String) throws -> String {
    guard URL(string: url) != nil else { throw CLIError.usage("cannot read the URL \(url)") }
    let page = try PageFetch.page(url)
    return PageText.decode(page.body, contentType: page.contentType)
  }
}

/// `import --json`: the file written and what it holds.
struct ImportJSON: Encodable {
  var file: String
  var name: String
  var title: String
  var steps: Int
  var timers: Int
}
