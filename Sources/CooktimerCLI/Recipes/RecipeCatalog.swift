import CooktimerCore
import Foundation

/// The recipes of one folder and its subfolders (docs/cli.md §1.2, §2.1): listing, loading,
/// finding.
///
/// One bad file never hides the others: it is listed with its diagnostics and skipped when
/// searching by title. Finding a recipe by name reads only the folder tree; only a title
/// needs the files parsed.
public struct RecipeCatalog: Sendable {
  /// The folder as the user named it; file names in diagnostics start with it.
  public let folder: String

  public init(folder: String) {
    self.folder = folder
  }

  /// One file of the catalog, parsed.
  public struct Entry: Sendable {
    /// The path as shown in diagnostics (`Recipes/Breakfast/Pancakes.cook`).
    public var path: String
    /// The path below the folder without `.cook` (`Breakfast/Pancakes`).
    public var name: String
    /// The parse result; its `recipe` is `nil` when the file has an error.
    public var result: CooklangParseResult
  }

  /// The recipe files under the folder, sorted by name.
  func files() throws(CLIError) -> [RecipeTree.File] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      throw .notFound("no recipes folder \(folder) (use --recipes DIR)")
    }
    guard isFolder.boolValue else {
      throw .notFound("\(folder) is not a folder (use --recipes DIR)")
    }
    return RecipeTree.files(in: folder)
  }

  /// The recipe names (`Breakfast/Pancakes`), for tab completion and counting.
  public func names() -> [String] {
    ((try? files()) ?? []).map(\.name)
  }

  /// What tab completion offers: every name, and the file name of a nested recipe when no
  /// other file has it (`Soft` for `Breakfast/Eggs/Soft`), as ``find(_:cache:)`` takes them.
  public func completionWords() -> [String] {
    let files = (try? files()) ?? []
    let names = Set(files.map(\.name))
    let unique = Dictionary(grouping: files, by: \.stem).filter { $0.value.count == 1 }.keys
    return files.map(\.name) + unique.filter { !names.contains($0) }.sorted()
  }

  /// What `recipes` lists, a file that cannot be read with its error instead of stopping
  /// the listing: each file's name, path and summary, from `cache` for the files
  /// unchanged since it was written; the others are parsed (on every core) and the cache
  /// rewritten when anything changed.
  func summaries(cache: RecipeListCache) throws(CLIError) -> [(
    file: RecipeTree.File, summary: RecipeSummary
  )] {
    let files = try files()
    let cached = cache.load()
    var summaries = files.map { file -> RecipeSummary? in
      guard let record = cached[file.path], record.modified == file.modified,
        record.size == file.size
      else { return nil }
      return record.summary
    }
    let missing = summaries.indices.filter { summaries[$0] == nil }
    if !missing.isEmpty || cached.count != files.count {
      // Each iteration writes only its own slot, and all are done before it is read.
      nonisolated(unsafe) let parsed = UnsafeMutableBufferPointer<RecipeSummary?>.allocate(
        capacity: missing.count)
      parsed.initialize(repeating: nil)
      defer { parsed.deallocate() }
      DispatchQueue.concurrentPerform(iterations: missing.count) { i in
        parsed[i] = RecipeSummary(Self.entry(of: files[missing[i]]).result)
      }
      for (i, index) in missing.enumerated() { summaries[index] = parsed[i] }
      var records: [String: RecipeListCache.Record] = [:]
      for (file, summary) in zip(files, summaries) {
        guard let summary else { continue }
        records[file.path] = RecipeListCache.Record(
          modified: file.modified, size: file.size, summary: summary)
      }
      cache.save(records)
    }
    return zip(files, summaries).compactMap { file, summary in summary.map { (file, $0) } }
  }

  /// Loads one file by path.
  public static func load(path: String) throws(CLIError) -> Entry {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
      !isFolder.boolValue
    else {
      throw .notFound("no recipe file \(path)")
    }
    let name = (path as NSString).lastPathComponent
    return entry(of: RecipeTree.File(path: path, name: String(name.dropLast(5))))
  }

  /// Finds a recipe, case-insensitively where the exact spelling finds none, by, in order:
  /// a path to a `.cook` file; its name below the folder (`Breakfast/Pancakes`, `.cook`
  /// optional); its file name (`Pancakes`) when only one file has it; its title; the
  /// beginning of a name or file name (`spag`), of a title, or of a word of them (`egg`)
  /// when only one recipe has it.
  ///
  /// - Throws: `.usage` (64) when a file name, title or beginning names several recipes,
  ///   listing them; `.notFound` (66) when nothing matches, naming close misses ("did you
  ///   mean spaghetti?").
  /// With `cache`, titles come from the summaries `recipes` keeps, so only the files changed
  /// since are parsed.
  ///
  /// With `pathsAllowed: false` (the HTTP service) a query is only ever a name in the
  /// catalog (`Dinner/Shrimp`), never a file path on the machine.
  func find(
    _ query: String, cache: RecipeListCache? = nil, pathsAllowed: Bool = true
  ) throws(CLIError) -> Entry {
    if pathsAllowed, query.lowercased().hasSuffix(".cook") || query.contains("/"), isFile(query) {
      return try Self.load(path: query)
    }
    let stem = query.lowercased().hasSuffix(".cook") ? String(query.dropLast(5)) : query
    let wanted = stem.lowercased()
    let files = try files()
    // Swift's `==` holds names equal when their Unicode normalisation differs ("Café" in
    // NFC and in NFD, two files on Linux): the one written exactly as asked wins, and
    // several that only look alike are named apart (issue 23).
    if let file = files.first(where: { $0.name.unicodeScalars.elementsEqual(stem.unicodeScalars) })
    {
      return Self.entry(of: file)
    }
    let lookAlike = files.filter { $0.name.lowercased() == wanted }
    if lookAlike.count > 1, lookAlike.allSatisfy({ $0.name == lookAlike[0].name }) {
      let forms = lookAlike.map { "\($0.name) (\(Self.normalisation(of: $0.name)))" }
      throw .usage(
        "\"\(query)\" names \(lookAlike.count) recipes whose names differ only in Unicode "
          + "normalisation: \(forms.joined(separator: ", ")); type the name in that form or give "
          + "the file path")
    }
    if let file = lookAlike.first {
      return Self.entry(of: file)
    }
    let sameName = files.filter { $0.stem.lowercased() == wanted }
    if sameName.count == 1 { return Self.entry(of: sameName[0]) }
    try Self.refuseAmbiguous(query, sameName.map(\.name))
    let titles: [(file: RecipeTree.File, title: String?)]
    if let cache {
      titles = try summaries(cache: cache).map { ($0.file, $0.summary.title) }
    } else {
      titles = files.map { ($0, Self.entry(of: $0).result.recipe?.title) }
    }
    let titled = titles.filter { $0.title?.lowercased() == wanted }.map(\.file)
    try Self.refuseAmbiguous(query, titled.map(\.name))
    if let match = titled.first { return Self.entry(of: match) }
    // A unique beginning: of a name or file name (`start spag`), else of a title, else of
    // any word of them (`show egg` lists both egg recipes).
    let tiers: [(RecipeTree.File, String?) -> [String]] = [
      { file, _ in [file.name, file.stem] }, { _, title in [title ?? ""] },
      { file, title in Self.words(of: [file.name, title ?? ""]) },
    ]
    for candidates in tiers {
      let begun = titles.filter { file, title in
        candidates(file, title).contains { !$0.isEmpty && $0.lowercased().hasPrefix(wanted) }
      }
      try Self.refuseAmbiguous(query, begun.map(\.file.name))
      if let match = begun.first { return Self.entry(of: match.file) }
    }
    let near = NearMiss.matches(stem, in: titles.flatMap { [$0.file.name, $0.file.stem] })
    let hint = near.isEmpty ? "" : "did you mean \(NearMiss.alternatives(near))? "
    throw .notFound("no recipe \"\(query)\"; \(hint)`recipes` lists them")
  }

  /// "NFC", "NFD" or "mixed": how `name` is written in Unicode (UAX #15).
  static func normalisation(of name: String) -> String {
    if name.unicodeScalars.elementsEqual(name.precomposedStringWithCanonicalMapping.unicodeScalars)
    {
      return "NFC"
    }
    if name.unicodeScalars.elementsEqual(name.decomposedStringWithCanonicalMapping.unicodeScalars) {
      return "NFD"
    }
    return "mixed"
  }

  /// The words of `texts`, split at every character that is not a letter or digit.
  private static func words(of texts: [String]) -> [String] {
    texts.flatMap { $0.split { !$0.isLetter && !$0.isNumber }.map(String.init) }
  }

  private static func refuseAmbiguous(_ query: String, _ names: [String]) throws(CLIError) {
    guard names.count > 1 else { return }
    throw .usage(
      "\"\(query)\" names \(names.count) recipes: \(names.joined(separator: ", ")); name one of them"
    )
  }

  private func isFile(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      && !isFolder.boolValue
  }

  private static func entry(of file: RecipeTree.File) -> Entry {
    let path = file.path
    let result: CooklangParseResult
    // The size first: a huge file is refused without being read (docs/recipes.md §2).
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    if let size, size > CooklangLimits.fileBytes {
      let problem = CooklangLimits.tooLarge(size, file: path)
      result = CooklangParseResult(
        document: CooklangDocument(), recipe: nil, diagnostics: [problem])
    } else if let data = FileManager.default.contents(atPath: path) {
      result = Cooklang.parse(bytes: Array(data), file: path)
    } else {
      let problem = Diagnostic(
        severity: .error, file: path, line: 1, column: 1, message: "cannot read the file")
      result = CooklangParseResult(
        document: CooklangDocument(), recipe: nil, diagnostics: [problem])
    }
    return Entry(path: path, name: file.name, result: result)
  }

}
