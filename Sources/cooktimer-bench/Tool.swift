import Foundation

/// A Debian tool the benchmarks drive (wrk, nghttpd, h2load): found on the PATH or in the
/// usual folders, and run to its end.
enum Tool {
  /// `name` on the PATH or in /usr/bin, /usr/sbin, /usr/local/bin; `nil` when not installed.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin", "/usr/local/bin"]
    return folders.map { $0 + "/" + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `tool` with `arguments` to its end; what it printed (stdout and stderr).
  /// - Throws: `BenchError` naming the tool and its output when it exits other than 0.
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError(
        "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(text)"
      )
    }
    return text
  }
}
