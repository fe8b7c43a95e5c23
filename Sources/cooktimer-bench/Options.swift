/// Command-line flags: `--quick` takes fewer samples over shorter spans, same figures.
struct Options {
  var quick = false

  init(arguments: [String]) throws(BenchError) {
    for argument in arguments {
      switch argument {
      case "--quick": quick = true
      case "-h", "--help":
        throw BenchError("usage: cooktimer-bench [--quick]")
      default:
        throw BenchError("unknown option \(argument); usage: cooktimer-bench [--quick]")
      }
    }
  }

  /// `full` normally, `quick` with `--quick`.
  func pick<T>(full: T, quick: T) -> T { self.quick ? quick : full }
}

/// Why a figure could not be measured.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
