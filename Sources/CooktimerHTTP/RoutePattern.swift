/// A path template such as `/v1/runs/{id}/timers/{number}/skip`: literal segments and
/// `{name}` segments that capture exactly one non-empty path segment.
struct RoutePattern: Sendable, Equatable {
  enum Component: Sendable, Equatable {
    case literal(String)
    case parameter(String)
  }

  let template: String
  let components: [Component]

  /// A malformed template (a brace inside a segment, a repeated name) is a programming
  /// error in the route table, so it stops the program at start-up.
  init(_ template: String) {
    precondition(template.hasPrefix("/"), "route template must start with /: \(template)")
    self.template = template
    self.components = HTTPRequest.segments(ofEncodedPath: template).map { segment in
      if segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2 {
        return .parameter(String(segment.dropFirst().dropLast()))
      }
      precondition(
        !segment.contains("{") && !segment.contains("}"),
        "a route parameter must be a whole segment: \(template)")
      return .literal(segment)
    }
    let names = components.compactMap { component -> String? in
      if case .parameter(let name) = component { return name }
      return nil
    }
    precondition(Set(names).count == names.count, "repeated route parameter: \(template)")
  }

  /// The captured parameters when `segments` (decoded) fit the template, else nil.
  func match(_ segments: [String]) -> [String: String]? {
    guard segments.count == components.count else { return nil }
    var parameters: [String: String] = [:]
    for (component, segment) in zip(components, segments) {
      switch component {
      case .literal(let text):
        guard text == segment else { return nil }
      case .parameter(let name):
        guard !segment.isEmpty else { return nil }
        parameters[name] = segment
      }
    }
    return parameters
  }

  /// Orders overlapping templates: at the first segment where they differ, a literal beats a
  /// parameter, so `/v1/runs/active` wins over `/v1/runs/{id}`.
  func isMoreSpecific(than other: RoutePattern) -> Bool {
    for (mine, theirs) in zip(components, other.components) {
      switch (mine, theirs) {
      case (.literal, .parameter): return true
      case (.parameter, .literal): return false
      default: continue
      }
    }
    return false
  }
}
