import CooktimerActivity
import CooktimerCore
import CooktimerServer
import CooktimerService
import Foundation

extension CommandContext {
  /// `content [RUN]`: the run's `ActivityContent` now. Reading records nothing.
  func content(_ given: String?) throws -> Output {
    let run = try run(given)
    let data = try ActivityContent(run: run, at: max(now, run.lastChange)).encoded()
    return Output(stdout: String(decoding: data, as: UTF8.self) + "\n")
  }

  /// `payload EVENT [RUN]`: the exact bytes to POST (a newline is added only on a terminal),
  /// or with `--json` `{"headers", "body"}`. A preview: it shows the timestamp the run's
  /// next push would take, and takes none.
  func payload(
    _ event: PushEvent, _ given: String?, dismissal: Dismissal?, priority: Int?
  ) throws -> Output {
    let request = try service().previewPush(
      event, of: given, dismissal: dismissal, priority: priority.map(PushPriority.init), at: now)
    var warnings = request.warnings.map { "cooktimer: \($0)" }
    if request.headers["apns-topic"] == nil { warnings.append("cooktimer: \(Self.noTopic)") }
    if json {
      return Output(
        stdout: String(decoding: try request.jsonObject(), as: UTF8.self) + "\n", stderr: warnings)
    }
    let body = String(decoding: request.body, as: UTF8.self)
    return Output(stdout: body + (isatty(STDOUT_FILENO) == 1 ? "\n" : ""), stderr: warnings)
  }

  /// `contract`: the Swift source of the app's Live Activity type (the library
  /// `CookingTimerAttributes`'s file), its struct named `attributesType`; with `api`, the
  /// `Codable` types of the HTTP API's bodies (`CooktimerAPITypes`'s file, docs/api.md §1.5).
  /// `--json`: both, `{"declaration", "api"}`.
  func contract(api: Bool, attributesType: String?) -> Output {
    let declaration = contractDeclaration(
      attributesType: attributesType ?? "CookingTimerAttributes")
    if json {
      return Output(
        stdout: encodeJSON(["declaration": declaration, "api": apiContractDeclaration()]) + "\n")
    }
    return Output(stdout: api ? apiContractDeclaration() : declaration)
  }

  /// `strings [--locale LANG]`: the String Catalog of the alert keys (``StringCatalog``),
  /// every language or the one `locale` names (`de`, `de-AT`, `en`; any other: usage error).
  func strings(locale: String?) throws -> Output {
    var languages: [AlertLanguage] = [.english, .german]
    if let locale {
      let language = AlertLanguage(locale: locale)
      let primary = locale.lowercased().prefix { $0 != "-" && $0 != "_" }
      guard primary == language.rawValue else {
        throw CLIError.usage("--locale \(locale): cooktimer speaks en and de")
      }
      languages = [language]
    }
    return Output(
      stdout: String(decoding: StringCatalog.json(languages: languages), as: UTF8.self) + "\n")
  }

  /// `plan RECIPE [--start TIME]`: JSON lines, one push each; `--json`: `{"pushes": [...]}`.
  /// Without a topic (given or stored) the headers lack `apns-topic` and stderr says so.
  func plan(_ name: String, start: Instant?) throws -> Output {
    let recipe = try loadRecipe(name)
    try recipe.recipe.requireSteps(file: recipe.path)
    let settings = try plannedSettings()
    var options = PlanOptions()
    options.push.alertStyle = settings.alertStyle ?? .text
    let pushes = try planPushes(
      recipe: recipe.recipe, start: start ?? now, topic: settings.topic, options: options)
    let lines = String(decoding: try jsonLines(pushes), as: UTF8.self)
    var warnings = recipe.warnings
    if settings.topic == nil { warnings.append("cooktimer: \(Self.noTopic)") }
    if json {
      let items = lines.split(separator: "\n").joined(separator: ",")
      return Output(stdout: "{\"pushes\":[\(items)]}\n", stderr: warnings)
    }
    return Output(stdout: lines, stderr: warnings)
  }

  /// What a push without a topic tells the user.
  static let noTopic =
    "no APNs topic set: the headers lack apns-topic; give the app's bundle id once with "
    + "--topic BUNDLE_ID to any command and it is kept in the database"

  /// `plan` reads no database unless one exists: the topic given, else the stored one.
  private func plannedSettings() throws -> PushSettings {
    if try session.existingService(options) != nil { return try service().settingsInForce() }
    return PushSettings(
      topic: options.topic ?? session.environment["COOKTIMER_TOPIC"]
        ?? session.environment["COOKTIMER_BUNDLE_ID"],
      alertStyle: options.alerts
        ?? session.environment["COOKTIMER_ALERTS"].flatMap(AlertStyle.init(rawValue:)))
  }
}
