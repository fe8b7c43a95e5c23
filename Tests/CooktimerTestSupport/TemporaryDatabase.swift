import Foundation

/// A fresh folder under the system's temporary folder holding one SQLite file's path,
/// removed with everything in it when the value goes away.
public final class TemporaryDatabase: @unchecked Sendable {
  /// The folder, without a trailing slash.
  public let folder: String
  /// `folder/cooktimer.sqlite3` (not created: the store creates it on open).
  public let path: String
  private let owner: Bool

  /// - Parameters:
  ///   - prefix: the folder name's start, so a leftover folder says which suite made it.
  ///   - folder: another value's folder, to open its file again (a restart); not removed.
  public init(_ prefix: String, folder given: String? = nil) throws {
    owner = given == nil
    folder = try given ?? TestPaths.temporaryFolder(prefix).path
    path = folder + "/cooktimer.sqlite3"
  }

  deinit {
    if owner { try? FileManager.default.removeItem(atPath: folder) }
  }
}
