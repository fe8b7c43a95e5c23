import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The real `cooktimer serve --no-send`, built next to the bench, on a fresh database in a
/// scratch folder with the shipped recipes: the server a kitchen tablet would talk to.
final class ServeProcess {
  let port: UInt16
  let folder: Fixtures.ScratchFolder
  let environment: [String: String]
  let binary: String
  private let process = Process()

  init() throws {
    binary = try Binary.cooktimer()
    // The bench runs from the package folder, as `swift run` does.
    let recipes = FileManager.default.currentDirectoryPath + "/Recipes"
    guard FileManager.default.fileExists(atPath: recipes + "/overnight-bread.cook") else {
      throw BenchError("no Recipes/ here: run the bench from the package folder")
    }
    folder = try Fixtures.ScratchFolder()
    environment = [
      "COOKTIMER_DB": folder.path + "/runs.sqlite", "COOKTIMER_RECIPES": recipes,
      "HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC",
    ]
    port = try Loopback.freePort()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["serve", "--listen", "127.0.0.1:\(port)", "--no-send"]
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Ready once it accepts a connection; a first start opens and migrates the database.
    let giveUp = WallClock.monotonic() + 10_000_000_000
    while WallClock.monotonic() < giveUp {
      if let fd = try? Loopback.connect(port: port) {
        close(fd)
        return
      }
      guard process.isRunning else { break }
      usleep(20_000)
    }
    stop()
    throw BenchError("cooktimer serve did not start listening on port \(port)")
  }

  /// Starts a run of `recipe` through the API; returns its id.
  func startRun(_ recipe: String) throws -> String {
    let (status, body) = try Loopback.request(
      port: port, "POST", "/v1/runs", body: #"{"recipe":"\#(recipe)"}"#)
    struct Started: Decodable { var id: String }
    guard status == 201, let run = try? JSONDecoder().decode(Started.self, from: Data(body))
    else { throw BenchError("POST /v1/runs answered \(status)") }
    return run.id
  }

  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    folder.remove()
  }
}
