import CooktimerShippedRecipes
import Foundation

/// Puts the recipes built into the binary in the default recipes folder the first time it is
/// used (docs/cli.md §1.2): an installed `cooktimer`, run away from the repository, has the
/// shipped recipes at once. A folder that exists is the cook's and is never touched, even
/// empty; `--recipes`, `$COOKTIMER_RECIPES` and `./Recipes` are never filled.
enum ShippedRecipesInstall {
  /// Creates `folder` with the shipped recipes when it does not exist.
  ///
  /// - Returns: the line to tell the cook (where the recipes went), or `nil` when the folder
  ///   existed already or could not be made (the listing then says what is missing).
  static func ifMissing(_ folder: String) -> String? {
    let files = FileManager.default
    guard !files.fileExists(atPath: folder) else { return nil }
    // Written into a sibling first and renamed, so a second cooktimer starting at the same
    // moment never sees half the files.
    let staging = folder + ".installing-\(getpid())"
    do {
      try files.createDirectory(atPath: staging, withIntermediateDirectories: true)
      for file in ShippedRecipes.files {
        try Data(file.bytes).write(to: URL(fileURLWithPath: staging + "/" + file.name))
      }
      try files.moveItem(atPath: staging, toPath: folder)
    } catch {
      try? files.removeItem(atPath: staging)
      return nil
    }
    return "cooktimer: put the \(ShippedRecipes.files.count) shipped recipes in \(folder)"
  }
}
