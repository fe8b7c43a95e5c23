/// Order statistics over samples. Nearest-rank percentiles: the reported p99 is a value that
/// really occurred, never an interpolation between two.
enum Stats {
  static func median(_ samples: [Double]) -> Double {
    percentile(samples, 50)
  }

  /// The smallest sample with at least `p` percent of the samples at or below it.
  static func percentile(_ samples: [Double], _ p: Double) -> Double {
    precondition(!samples.isEmpty, "no samples")
    let sorted = samples.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
