import CooktimerCore
import CooktimerHTTP
import CooktimerService

/// The routes that start and change runs, beyond the plain transitions.
enum RunRoutes {
  /// The recipe a path or body names, as `GET /v1/recipes` lists it (a recipe in a folder
  /// is `Dinner/Shrimp`, `%2F` in a path); never a path on the server's disk.
  /// - Throws: ``RequestError/notFound(_:)`` when there is none.
  static func recipe(_ name: String, _ recipes: any RecipeSource) throws -> FoundRecipe {
    // The source looks names up in its list only; a segment that is empty or starts with
    // `.` (`..`, hidden files) is refused before asking, all the same.
    let segments = name.split(separator: "/", omittingEmptySubsequences: false)
    guard !segments.contains(where: { $0.isEmpty || $0.hasPrefix(".") }),
      let found = try recipes.recipe(named: name)
    else { throw RequestError.notFound("no recipe \"\(name)\"") }
    return found
  }

  /// `POST /v1/runs {"recipe", "autoAdvance"?}`: 201, the run, `Location: /v1/runs/{id}`.
  static func start(_ call: APICall, _ recipes: any RecipeSource) throws -> HTTPResponse {
    let body = try call.body(required: true)
    let name = try body.string("recipe", required: true)!
    let autoAdvance = try body.bool("autoAdvance") ?? false
    let found = try recipe(name, recipes)
    try found.recipe.requireSteps(file: found.document.file)
    var response: HTTPResponse?
    _ = try call.service.start(found.recipe, autoAdvance: autoAdvance, at: call.now) { run, tx in
      var answer = try HTTPResponse.json(RunDocument(run, at: call.now), status: .created)
      answer.headers["Location"] = "/v1/runs/\(run.id)"
      try call.record(answer, in: tx)
      response = answer
    }
    return response!
  }

  /// `POST /v1/runs/{id}/add {"duration": "1m", "timer"?}`: a signed duration as the CLI's
  /// `add` takes it (docs/cli.md), to the shown timer or the one named.
  static func add(_ call: APICall) throws -> HTTPResponse {
    let body = try call.body(required: true)
    let text = try body.string("duration", required: true)!
    let ms = try DurationText.parseSigned(text)
    let timer = try body.timer("timer").map(TimerReference.init)
    return try call.change(.add(milliseconds: ms, timer: timer))
  }

  /// `POST /v1/runs/{id}/timers/{number}/begin {"duration"? | "until"?}`: starts a waiting
  /// timer now, with a length (or an end, a local clock time) where the recipe has none.
  static func begin(_ call: APICall) throws -> HTTPResponse {
    let body = try call.body()
    let duration = try body.string("duration")
    let until = try body.string("until")
    if duration != nil && until != nil {
      throw RequestError.badRequest("give \"duration\" or \"until\", not both")
    }
    var length: TimerLength?
    if let duration { length = .duration(try DurationText.parse(duration)) }
    if let until {
      try DurationText.checkClockTime(until)
      length = .until(until)
    }
    let reference = TimerReference(call.parameter("number"))
    if case .suggested(let number) = reference, let given = length {
      try checkSuggested(call, number, given)
      length = nil
    }
    return try call.change(.begin(reference, length: length))
  }

  /// A suggested timer (`s1`) runs for the time its words name; a page that sends that time
  /// back as `duration` (to the second) asked for exactly that, anything else is a 400 in the
  /// API's words. A label the step does not offer is left for the service (404).
  private static func checkSuggested(_ call: APICall, _ number: Int, _ given: TimerLength) throws {
    let run = try call.service.run(call.parameter("id"), at: call.now)
    guard run.isActive, let suggestion = run.step.suggested.first(where: { $0.number == number })
    else { return }
    let named = "\(suggestion.label) runs for the time its step names (\(suggestion.text))"
    switch given {
    case .duration(let ms) where (suggestion.duration - 999...suggestion.duration + 999) ~= ms:
      return
    case .duration:
      throw RequestError.badRequest(
        "\(named): send no \"duration\" to start it, or give a length to a waiting timer of the step"
      )
    case .until:
      throw RequestError.badRequest("\(named): send no \"until\" to start it")
    }
  }
}
