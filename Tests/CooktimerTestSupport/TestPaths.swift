import Foundation

/// Folders the tests find relative to this source file, so they work from any directory.
public enum TestPaths {
  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `Tests/APNsStandIn`: the stand-in, its requirements and its venv script.
  public static let standInFolder = packageRoot.appendingPathComponent("Tests/APNsStandIn")

  /// `.build/test-venv`: the Python venv the stand-in runs in.
  public static let venv = packageRoot.appendingPathComponent(".build/test-venv")

  /// A new empty folder under the system's temporary folder.
  public static func temporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

/// A failure of the test support itself (not of the code under test), with what it saw.
public struct TestSupportError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
