import Foundation

/// Files next to the tests, found from this source file's path (no SwiftPM resources).
enum Fixture {
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: testsFolder.appendingPathComponent("Fixtures").appendingPathComponent(name))
  }

  /// The repository's `Recipes/` folder.
  static let recipesFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Recipes")
}
