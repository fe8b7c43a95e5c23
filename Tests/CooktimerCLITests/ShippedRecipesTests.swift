import CooktimerShippedRecipes
import Foundation
import Testing

@testable import CooktimerCLI

/// The recipes built into the binary, and their first-run install (docs/cli.md §1.2).
@Suite("shipped recipes")
struct ShippedRecipesTests {
  @Test func theBinaryHoldsEveryFileOfRecipesByteForByte() throws {
    let folder = packageRoot.appendingPathComponent("Recipes")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(ShippedRecipes.files.map(\.name) == names)
    for file in ShippedRecipes.files {
      let onDisk = try Data(contentsOf: folder.appendingPathComponent(file.name))
      #expect(Data(file.bytes) == onDisk, "\(file.name)")
    }
  }

  @Test func aMissingDefaultFolderIsFilledOnceAndAnExistingOneNeverTouched() throws {
    let box = try Sandbox()
    let folder = box.folder.appendingPathComponent("data/cooktimer/Recipes").path
    let note = ShippedRecipesInstall.ifMissing(folder)
    #expect(note == "cooktimer: put the \(ShippedRecipes.files.count) shipped recipes in \(folder)")
    let installed = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(installed == ShippedRecipes.files.map(\.name))
    try FileManager.default.removeItem(atPath: folder + "/tea.cook")
    #expect(ShippedRecipesInstall.ifMissing(folder) == nil)
    #expect(!FileManager.default.fileExists(atPath: folder + "/tea.cook"))
    // No staging folder is left beside it.
    let parent = try FileManager.default.contentsOfDirectory(
      atPath: box.folder.path + "/data/cooktimer")
    #expect(parent == ["Recipes"])
  }

  /// An installed binary, run away from the repository with no recipes configured, lists the
  /// shipped recipes from its data folder and says once where it put them.
  @Test func anInstalledBinaryFindsTheShippedRecipes() throws {
    let box = try Sandbox()
    let data = box.folder.appendingPathComponent("data").path
    let environment = ["COOKTIMER_RECIPES": "", "XDG_DATA_HOME": data]
    // A working folder without ./Recipes (the sandbox's own folder has one).
    let elsewhere = box.folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let first = try box.run(["recipes"], extraEnvironment: environment, directory: elsewhere)
    #expect(first.status == 0)
    #expect(
      first.stderr
        == "cooktimer: put the \(ShippedRecipes.files.count) shipped recipes in \(data)/cooktimer/Recipes\n"
    )
    #expect(first.stdout.split(separator: "\n").count == ShippedRecipes.files.count)
    #expect(first.stdout.contains("tea  "))
    let second = try box.run(["recipes"], extraEnvironment: environment, directory: elsewhere)
    #expect(second.stderr == "")
    #expect(second.stdout == first.stdout)
  }
}
