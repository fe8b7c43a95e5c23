import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `.cook` files under a recipes folder, at any depth, as cooks keep them
/// (`Breakfast/Pancakes.cook`).
///
/// Hidden folders and files (a leading `.`: `.git`, `.trash`) are skipped. Symlinks are
/// followed, but each real folder is read once, so a link back up the tree ends the walk
/// there instead of looping.
enum RecipeTree {
  /// One recipe file found by the walk.
  struct File: Equatable, Sendable {
    /// The path to open: the folder as the user named it, then the relative path.
    var path: String
    /// The path below the folder without `.cook` (`Breakfast/Pancakes`).
    var name: String
    /// The file's modification time (ns since 1970) and size in bytes, as the walk saw
    /// them: together they tell whether a cached reading of the file is still good.
    var modified: Int64 = 0
    var size: Int64 = 0
    /// The file name without `.cook` (`Pancakes`).
    var stem: String { name.split(separator: "/").last.map(String.init) ?? name }
  }

  /// Every recipe file under `folder`, sorted by name (then by path).
  static func files(in folder: String) -> [File] {
    var found: [File] = []
    var visited = Set<String>()
    walk(folder, prefix: "", into: &found, visited: &visited)
    return found.sorted { ($0.name, $0.path) < ($1.name, $1.path) }
  }

  private static func walk(
    _ folder: String, prefix: String, into found: inout [File], visited: inout Set<String>
  ) {
    guard let real = realPath(folder), visited.insert(real).inserted,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return }
    for name in names.sorted() where !name.hasPrefix(".") {
      let path = (folder as NSString).appendingPathComponent(name)
      var info = stat()
      guard stat(path, &info) == 0 else { continue }  // a dangling symlink
      if info.st_mode & S_IFMT == S_IFDIR {
        walk(path, prefix: prefix + name + "/", into: &found, visited: &visited)
      } else if info.st_mode & S_IFMT == S_IFREG, name.lowercased().hasSuffix(".cook"),
        name.count > 5
      {
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        found.append(
          File(
            path: path, name: prefix + String(name.dropLast(5)), modified: modified,
            size: Int64(info.st_size)))
      }
    }
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
