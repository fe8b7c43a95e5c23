import Foundation

/// The Python venv of the APNs stand-in, made on first use by `Tests/APNsStandIn/venv.sh`
/// (the script `.ci/run` calls too), which holds a file lock so parallel tests wait for one
/// another instead of building it twice.
public enum TestVenv {
  /// The venv's `python`, after making sure the venv exists and is current.
  /// - Throws: ``TestSupportError`` with the script's output when it fails.
  public static func python() throws -> URL {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      TestPaths.standInFolder.appendingPathComponent("venv.sh").path, TestPaths.venv.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TestSupportError("venv.sh exited \(process.terminationStatus): \(text)")
    }
    return TestPaths.venv.appendingPathComponent("bin/python")
  }
}
