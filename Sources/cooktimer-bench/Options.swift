/// Command-line flags: `--quick` takes fewer samples over shorter spans, same figures;
/// `--only NAME` runs only the benchmarks whose name contains NAME (`--only recipe`).
struct Options {
  var quick = false
  var only: String?

  static let usage = "usage: cooktimer-bench [--quick] [--only NAME]"

  init(arguments: [String]) throws(BenchError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--only":
        guard let name = rest.popFirst() else {
          throw BenchError("--only needs a NAME; \(Self.usage)")
        }
        only = name
      case "-h", "--help":
        throw BenchError(Self.usage)
      default:
        throw BenchError("unknown option \(argument); \(Self.usage)")
      }
    }
  }

  /// Whether the benchmark `name` runs.
  func runs(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }

  /// `full` normally, `quick` with `--quick`.
  func pick<T>(full: T, quick: T) -> T { self.quick ? quick : full }
}

/// Why a figure could not be measured.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Why a benchmark did not run at all (a tool it needs is missing): said, not a failure.
struct BenchSkip: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
