import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

/// One HTTP answer: status, headers and body of the final response (the shared client's).
typealias Answer = HTTPClientReply

/// Two recipes, from text: `tea` with one timer, `broken` that does not parse.
struct TestRecipes: RecipeSource {
  static let texts = [
    "tea": "---\ntitle: Tea\n---\nSteep the tea for ~steep{4%minutes}.\n\nPour and serve.\n",
    "pasta": "---\ntitle: Pasta\n---\nBoil for ~{10%minutes}, then ~rest{}.\n\nDrain.\n",
  ]

  func list() throws -> RecipeListDocument {
    RecipeListDocument(
      recipes: Self.texts.keys.sorted().map {
        RecipeSummaryDocument(
          file: "\($0).cook", name: $0, result: Cooklang.parse(Self.texts[$0]!, file: "\($0).cook"))
      })
  }

  func recipe(named name: String) throws -> FoundRecipe? {
    if name == "broken" {
      throw CoreError.invalidRecipe(
        Diagnostic(severity: .error, file: "broken.cook", line: 1, column: 1, message: "bad"))
    }
    if name == "bread" {  // not listed: a step that names its time only in words
      let result = Cooklang.parse("Bake for 15 minutes.\n", file: "bread.cook")
      let recipe = SuggestedTimers.attaching(to: try #require(result.recipe), from: result.document)
      return FoundRecipe(
        recipe: recipe, document: RecipeDocument(recipe, file: "bread.cook", warnings: []))
    }
    if name == "notes" {  // not listed: a file with a title and no steps
      let recipe = try Cooklang.recipe("---\ntitle: Notes\n---\n", file: "notes.cook")
      return FoundRecipe(
        recipe: recipe, document: RecipeDocument(recipe, file: "notes.cook", warnings: []))
    }
    guard let text = Self.texts[name] else { return nil }
    let recipe = try Cooklang.recipe(text, file: "\(name).cook")
    return FoundRecipe(
      recipe: recipe, document: RecipeDocument(recipe, file: "\(name).cook", warnings: []))
  }
}

/// An ``APIServer`` on a free loopback port and a real SQLite file in a fresh folder, its
/// clock fixed at ``t0``.
final class TestServer: @unchecked Sendable {
  let database: TemporaryDatabase
  var folder: String { database.folder }
  var path: String { database.path }
  let server: APIServer
  var base: String { "http://127.0.0.1:\(server.port)" }

  /// - Parameters:
  ///   - folder: another server's folder, to serve its database again (a restart).
  ///   - trouble: what `/healthz` hears from the sender.
  init(
    ping: Double = 15, folder given: String? = nil,
    trouble: (@Sendable () -> DeliveryTrouble?)? = nil
  ) throws {
    database = try TemporaryDatabase("cooktimer-server", folder: given)
    let path = database.path
    var configuration = APIServerConfiguration()
    configuration.port = 0
    configuration.pingIntervalSeconds = ping
    configuration.watchIntervalSeconds = 0.05
    configuration.deliveryTrouble = trouble
    server = try APIServer(
      configuration: configuration,
      makeService: {
        RunService(
          store: try RunStore(path: path), clock: FixedClock(t0),
          zone: TimeZone(identifier: "UTC")!, settings: PushSettings(topic: "com.example.app"))
      }, recipes: TestRecipes())
  }

  deinit { server.stop() }

  /// A service of its own on the same file, as another front end would have.
  func service() throws -> RunService {
    RunService(store: try RunStore(path: path), clock: FixedClock(t0))
  }

  /// `METHOD PATH` with an optional JSON body and extra headers, through the in-process
  /// HTTP client.
  func call(
    _ method: String, _ target: String, json: String? = nil, headers: [String] = []
  ) throws -> Answer {
    var lines = headers
    if json != nil { lines.insert("Content-Type: application/json", at: 0) }
    return try HTTPClient.perform(
      HTTPClientRequest(method, base + target, headers: lines, body: json.map { Data($0.utf8) }))
  }

  /// Starts a `tea` run; its id.
  func startTea() throws -> String {
    let answer = try call("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
    #expect(answer.status == 201)
    return try #require(answer.object["id"] as? String)
  }
}

extension HTTPClientReply {
  /// The `{"error", "status"}` body's status, checked to agree with the HTTP status.
  var errorStatus: String? { object["status"] as? String }
}
