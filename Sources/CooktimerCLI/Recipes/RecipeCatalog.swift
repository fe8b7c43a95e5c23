import CooktimerCore
import Foundation

/// The `.cook` files of one folder (docs/cli.md §1.2, §2.1): listing, loading, finding.
///
/// One bad file never hides the others: it is listed with its diagnostics and skipped when
/// searching by title.
public struct RecipeCatalog: Sendable {
  /// The folder as the user named it; file names in diagnostics start with it.
  public let folder: String

  public init(folder: String) {
    self.folder = folder
  }

  /// One file of the catalog, parsed.
  public struct Entry: Sendable {
    /// The path as shown in diagnostics (`Recipes/eggs.cook`).
    public var path: String
    /// The file name without `.cook` (`eggs`).
    public var name: String
    /// The parse result; its `recipe` is `nil` when the file has an error.
    public var result: CooklangParseResult
  }

  /// The `.cook` files in the folder, sorted by name.
  public func files() throws(CLIError) -> [String] {
    let names: [String]
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      throw .notFound("no recipes folder \(folder) (use --recipes DIR)")
    }
    guard isFolder.boolValue else {
      throw .notFound("\(folder) is not a folder (use --recipes DIR)")
    }
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .io("cannot list the recipes in \(folder)")
    }
    return names.filter { $0.lowercased().hasSuffix(".cook") }.sorted()
      .map { (folder as NSString).appendingPathComponent($0) }
  }

  /// Every recipe of the folder; a file that cannot be read becomes an entry with an error
  /// diagnostic instead of stopping the listing.
  public func entries() throws(CLIError) -> [Entry] {
    try files().map { Self.entry(at: $0) }
  }

  /// Loads one file by path.
  public static func load(path: String) throws(CLIError) -> Entry {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .notFound("no recipe file \(path)")
    }
    return entry(at: path)
  }

  /// Finds a recipe by path (`Recipes/eggs.cook`), file name without `.cook` (`eggs`), or
  /// title (`Soft-Boiled Eggs`), case-insensitively, in that order.
  public func find(_ query: String) throws(CLIError) -> Entry {
    if query.hasSuffix(".cook") || query.contains("/"),
      FileManager.default.fileExists(atPath: query)
    {
      return try Self.load(path: query)
    }
    // `tea.cook` names the file `tea` in the folder, as `tea` does. A file name needs only
    // that file parsed; a title needs them all.
    let stem = query.lowercased().hasSuffix(".cook") ? String(query.dropLast(5)) : query
    let wanted = stem.lowercased()
    let files = try files()
    if let path = files.first(where: { Self.name(of: $0) == stem })
      ?? files.first(where: { Self.name(of: $0).lowercased() == wanted })
    {
      return Self.entry(at: path)
    }
    let all = files.map(Self.entry(at:))
    let titled = all.filter { $0.result.recipe?.title.lowercased() == wanted }
    if titled.count > 1 {
      let paths = titled.map(\.path).joined(separator: ", ")
      throw .usage("\"\(query)\" names several recipes: \(paths); name the file")
    }
    if let match = titled.first { return match }
    throw .notFound("no recipe \"\(query)\"; `recipes` lists them")
  }

  /// A recipe file's name without `.cook` (`Recipes/tea.cook` → `tea`).
  static func name(of path: String) -> String {
    let fileName = (path as NSString).lastPathComponent
    return fileName.lowercased().hasSuffix(".cook") ? String(fileName.dropLast(5)) : fileName
  }

  private static func entry(at path: String) -> Entry {
    let name = Self.name(of: path)
    let result: CooklangParseResult
    if let data = FileManager.default.contents(atPath: path) {
      // Invalid UTF-8 is replaced rather than refused, so the cook sees the parse findings.
      var parsed = Cooklang.parse(String(decoding: data, as: UTF8.self), file: path)
      if String(validating: data, as: UTF8.self) == nil {
        parsed.diagnostics.insert(
          Diagnostic(
            severity: .warning, file: path, line: 1, column: 1,
            message: "the file is not valid UTF-8; unreadable bytes show as �"), at: 0)
      }
      result = parsed
    } else {
      let problem = Diagnostic(
        severity: .error, file: path, line: 1, column: 1, message: "cannot read the file")
      result = CooklangParseResult(
        document: CooklangDocument(), recipe: nil, diagnostics: [problem])
    }
    return Entry(path: path, name: name, result: result)
  }
}
