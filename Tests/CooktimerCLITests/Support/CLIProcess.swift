import Foundation
import Testing

/// The built `cooktimer` binary, next to this test bundle.
let cooktimerBinary: URL = {
  var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  // `swift test` runs `<build>/debug/cooktimerPackageTests.xctest`; Swift Testing may run
  // a helper binary from the same folder.
  while !FileManager.default.fileExists(atPath: url.appendingPathComponent("cooktimer").path),
    url.path != "/"
  {
    url.deleteLastPathComponent()
  }
  return url.appendingPathComponent("cooktimer")
}()

/// The package's root folder (for `Recipes/`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What one run of the binary produced.
struct ProcessResult {
  var stdout: String
  var stderr: String
  var status: Int32
}

/// A temp folder with its own database and recipes, and the binary run against them.
/// Immutable after creation, so threads may share it.
final class Sandbox: @unchecked Sendable {
  let folder: URL
  var db: String { folder.appendingPathComponent("db.sqlite3").path }
  var recipes: String { folder.appendingPathComponent("Recipes").path }

  /// Whether ``run(_:input:extraEnvironment:directory:)`` runs a command in this process
  /// when it can (``runInProcess(_:input:extraEnvironment:directory:)``).
  let inProcess: Bool

  /// - Parameter inProcess: true for tests of what commands do; false (a process every
  ///   time) for tests of argv, exit codes and the terminal.
  init(copyShippedRecipes: Bool = false, inProcess: Bool = false) throws {
    self.inProcess = inProcess
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cooktimer-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      atPath: folder.appendingPathComponent("Recipes").path, withIntermediateDirectories: true)
    if copyShippedRecipes {
      let shipped = packageRoot.appendingPathComponent("Recipes")
      for file in try FileManager.default.contentsOfDirectory(atPath: shipped.path) {
        try FileManager.default.copyItem(
          atPath: shipped.appendingPathComponent(file).path,
          toPath: folder.appendingPathComponent("Recipes/\(file)").path)
      }
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes `Recipes/NAME.cook`; NAME may name subfolders (`Breakfast/Pancakes`).
  func write(recipe name: String, _ text: String) throws {
    let file = folder.appendingPathComponent("Recipes/\(name).cook")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(toFile: file.path, atomically: true, encoding: .utf8)
  }

  /// The environment every run gets: our db and recipes, no colour, a fixed zone, and the
  /// clock offset the suite runs under (`COOKTIMER_CLOCK_OFFSET=31536000 swift test` runs
  /// every process a year ahead: no test may depend on today's date).
  var environment: [String: String] {
    [
      "COOKTIMER_DB": db, "COOKTIMER_RECIPES": recipes, "HOME": folder.path,
      "XDG_STATE_HOME": folder.appendingPathComponent("state").path, "TZ": "UTC",
      "PATH": "/usr/bin:/bin", "COOKTIMER_BUNDLE_ID": "com.example.cooktimer",
      "COOKTIMER_CLOCK_OFFSET": String(Sandbox.clockOffset),
    ]
  }

  /// Seconds the processes' clocks run ahead of this one's (`COOKTIMER_CLOCK_OFFSET`).
  static let clockOffset: Double =
    ProcessInfo.processInfo.environment["COOKTIMER_CLOCK_OFFSET"].flatMap(Double.init) ?? 0

  /// Now on the processes' clock.
  static func now() -> Date { Date().addingTimeInterval(clockOffset) }

  /// The clock offset that makes a process started now read `instant` (it keeps running).
  static func offset(reading instant: Date) -> String {
    String(instant.timeIntervalSinceNow)
  }

  /// Runs `cooktimer ARGS` to completion with `input` on stdin, in `directory` (else the
  /// test's own working folder, the package root).
  @discardableResult
  func run(
    _ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:],
    directory: URL? = nil
  ) throws -> ProcessResult {
    if inProcess,
      let result = runInProcess(
        arguments, input: input, extraEnvironment: extraEnvironment, directory: directory)
    {
      return result
    }
    let process = Process()
    process.executableURL = cooktimerBinary
    if let directory { process.currentDirectoryURL = directory }
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { $1 }
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(
      stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self),
      status: process.terminationStatus)
  }

  /// `run` split on spaces, for short commands.
  @discardableResult
  func run(_ line: String, input: String? = nil) throws -> ProcessResult {
    try run(line.split(separator: " ").map(String.init), input: input)
  }

  /// Runs and parses stdout as one JSON object.
  func json(_ line: String) throws -> [String: Any] {
    let result = try run(line)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(
      object as? [String: Any], "stdout: \(result.stdout) stderr: \(result.stderr)")
  }
}
