import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The header line: when and on what the figures were taken.
enum Machine {
  static func header(quick: Bool) -> String {
    let date = Date().formatted(
      .iso8601.year().month().day().time(includingFractionalSeconds: false))
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return "cooktimer-bench \(date) — \(architecture()), \(cores) cores, \(cpuModel())"
      + (quick ? " — quick" : "")
  }

  /// What `uname -m` prints.
  static func architecture() -> String {
    var info = utsname()
    uname(&info)
    return withUnsafeBytes(of: &info.machine) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The first `model name` of /proc/cpuinfo.
  static func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown CPU"
    }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return "unknown CPU"
  }
}
