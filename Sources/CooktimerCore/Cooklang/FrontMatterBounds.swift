/// The bounds of YAML front matter, counted as libyaml's events come and before any value
/// is built (issue 26: a 310-byte "billion laughs", nine nested aliases of nine, stands for
/// 10⁹ values; `show` took 18 s and 0.9 GB). Every alias counts as the value it names:
///
/// - at most ``maxNodes`` values (scalars, lists and maps);
/// - at most ``maxBytes`` bytes of scalar text (one alias of a long text repeated);
/// - at most ``maxDepth`` levels of lists and maps, so no later walk of the value, all of
///   them recursive, can run out of stack.
///
/// Each call returns what is over a bound, if anything is, as the warning words it.
struct FrontMatterBounds {
  static let maxNodes = 10_000
  static let maxBytes = 1 << 20
  static let maxDepth = 64

  /// A value's size with its aliases expanded.
  private struct Size {
    var nodes: Int
    var bytes: Int
    /// Levels of lists and maps: 0 for a scalar.
    var height: Int
  }

  /// An open list or map: its anchor and its size so far.
  private struct Open {
    var anchor: String?
    var size = Size(nodes: 1, bytes: 0, height: 1)
  }

  /// The open lists and maps, the document's own level first.
  private var open: [Open] = [Open()]
  private var anchored: [String: Size] = [:]
  /// Everything so far, aliases expanded.
  private var total = Size(nodes: 0, bytes: 0, height: 0)

  mutating func scalar(bytes: Int, anchor: String?) -> String? {
    let size = Size(nodes: 1, bytes: bytes, height: 0)
    if let anchor { anchored[anchor] = size }
    return place(size)
  }

  mutating func alias(_ name: String) -> String? {
    place(anchored[name] ?? Size(nodes: 1, bytes: 0, height: 0))
  }

  mutating func start(anchor: String?) -> String? {
    open.append(Open(anchor: anchor))
    total.nodes += 1
    return check(depth: open.count - 1)
  }

  mutating func end() -> String? {
    guard open.count > 1 else { return nil }
    let closed = open.removeLast()
    if let anchor = closed.anchor { anchored[anchor] = closed.size }
    open[open.count - 1].size.nodes += closed.size.nodes
    open[open.count - 1].size.bytes += closed.size.bytes
    open[open.count - 1].size.height = max(
      open[open.count - 1].size.height, closed.size.height + 1)
    return nil
  }

  /// A value of `size` placed in the innermost open list or map.
  private mutating func place(_ size: Size) -> String? {
    open[open.count - 1].size.nodes += size.nodes
    open[open.count - 1].size.bytes += size.bytes
    open[open.count - 1].size.height = max(open[open.count - 1].size.height, size.height + 1)
    total.nodes += size.nodes
    total.bytes += size.bytes
    return check(depth: open.count - 1 + size.height)
  }

  /// Sums stay small: each is checked after every addition, and an addition is at most
  /// what was counted before it.
  private func check(depth: Int) -> String? {
    if total.nodes > Self.maxNodes {
      return "it holds more than \(Self.maxNodes) values with its aliases expanded"
    }
    if total.bytes > Self.maxBytes {
      return "its text is over 1 MiB with its aliases expanded"
    }
    if depth > Self.maxDepth {
      return "it nests lists and maps more than \(Self.maxDepth) deep"
    }
    return nil
  }
}
