import Foundation

/// Summaries of the recipe files `recipes` listed last, kept in one JSON file per recipes
/// folder and reused while a file's modification time and size are unchanged: listing
/// 1,000 recipes then parses only the files that changed.
///
/// The cache is only ever a shortcut: a cache file that is missing, unreadable, from another
/// version or not writable makes the listing parse, never fail.
struct RecipeListCache: Sendable {
  /// `$XDG_CACHE_HOME/cooktimer/recipes-HASH.json`, else `~/.cache/cooktimer/…`; `nil`
  /// without a home folder. HASH names the recipes folder.
  let path: String?

  struct Record: Codable {
    var modified: Int64
    var size: Int64
    var summary: RecipeSummary
  }

  private struct Contents: Codable {
    var version: Int
    var files: [String: Record]
  }

  // 2: limits, UTF-8 refused, unclosed braces (summaries of version 1 may be stale).
  private static let version = 2

  init(folder: String, environment: [String: String]) {
    let base: String?
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      base = cache
    } else if let home = environment["HOME"], !home.isEmpty {
      base = home + "/.cache"
    } else {
      base = nil
    }
    path = base.map { "\($0)/cooktimer/recipes-\(Self.hash(folder)).json" }
  }

  /// The records by file path; empty when there is no usable cache.
  func load() -> [String: Record] {
    guard let path, let data = FileManager.default.contents(atPath: path),
      let contents = try? JSONDecoder().decode(Contents.self, from: data),
      contents.version == Self.version
    else { return [:] }
    return contents.files
  }

  /// Replaces the cache with `records`, atomically (a concurrent reader sees the old file or
  /// the new one). Failures are ignored: the next listing parses again.
  func save(_ records: [String: Record]) {
    guard let path,
      let data = try? JSONEncoder().encode(Contents(version: Self.version, files: records))
    else { return }
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// FNV-1a of the folder as named, in hex: a stable file name for any path.
  private static func hash(_ text: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(h, radix: 16)
  }
}
