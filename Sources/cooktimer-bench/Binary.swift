import Foundation

/// The `cooktimer` executable built next to this one (same build folder and configuration).
enum Binary {
  static func cooktimer() throws -> String {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let path = me.deletingLastPathComponent().appendingPathComponent("cooktimer").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw BenchError(
        "no cooktimer binary at \(path); build it first (swift build -c release --static-swift-stdlib --product cooktimer)"
      )
    }
    return path
  }
}
