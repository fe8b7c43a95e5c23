/// Links written in a step (`https://youtu.be/…`, `www.example.com/10-minute-bread`,
/// `watch?v=u_njTscxy1s`): their numbers are never durations.
enum ProseLinks {
  /// The spans (in `Character`s) of each run of non-space characters that is a link.
  static func spans(in chars: [Character]) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var start: Int?
    for i in 0...chars.count {
      let space = i == chars.count || chars[i].isWhitespace
      if !space, start == nil { start = i }
      if space, let s = start {
        if isLink(String(chars[s..<i]).lowercased()) { spans.append(s..<i) }
        start = nil
      }
    }
    return spans
  }

  private static func isLink(_ run: String) -> Bool {
    run.contains("://") || run.contains("www.") || (run.contains("?") && run.contains("="))
      || run.contains(".com/") || run.contains(".be/")
  }
}
