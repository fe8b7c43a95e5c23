/// Command-line flags: `--quick` takes fewer samples over shorter spans, same figures;
/// `--only WORD` runs the benchmarks whose name contains WORD ("push", "memory", …).
struct Options {
  var quick = false
  var only: String?
  static let usage = "usage: cooktimer-bench [--quick] [--only WORD]"

  init(arguments: [String]) throws(BenchError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--only":
        guard let word = rest.popFirst() else {
          throw BenchError("--only needs a word; \(Self.usage)")
        }
        only = word
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
