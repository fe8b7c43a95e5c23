import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerStore
import Foundation
import Testing

/// 2026-11-29T18:00:00Z: every request of a test happens at this instant.
let t0 = Instant(unixMilliseconds: 1_795_975_200_000)

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
    guard let text = Self.texts[name] else { return nil }
    let recipe = try Cooklang.recipe(text, file: "\(name).cook")
    return FoundRecipe(
      recipe: recipe, document: RecipeDocument(recipe, file: "\(name).cook", warnings: []))
  }
}

/// An ``APIServer`` on a free loopback port and a real SQLite file in a fresh folder, its
/// clock fixed at ``t0``.
final class TestServer: @unchecked Sendable {
  let folder: String
  let path: String
  let server: APIServer
  var base: String { "http://127.0.0.1:\(server.port)" }

  /// Deletes ``folder`` when done (false for a server started again on another's file).
  private let owner: Bool

  /// - Parameters:
  ///   - folder: another server's folder, to serve its database again (a restart).
  ///   - trouble: what `/healthz` hears from the sender.
  init(
    ping: Double = 15, folder given: String? = nil,
    trouble: (@Sendable () -> DeliveryTrouble?)? = nil
  ) throws {
    owner = given == nil
    folder = given ?? NSTemporaryDirectory() + "cooktimer-server-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/cooktimer.sqlite3"
    self.path = path
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

  deinit {
    server.stop()
    if owner { try? FileManager.default.removeItem(atPath: folder) }
  }

  /// A service of its own on the same file, as another front end would have.
  func service() throws -> RunService {
    RunService(store: try RunStore(path: path), clock: FixedClock(t0))
  }

  /// `METHOD PATH` with an optional JSON body and extra headers, through curl.
  func call(
    _ method: String, _ target: String, json: String? = nil, headers: [String] = []
  ) throws -> Answer {
    var arguments = ["-i", "-X", method]
    if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
    for header in headers { arguments += ["-H", header] }
    return try Answer(curlOutput: curl(arguments + [base + target]))
  }

  /// Starts a `tea` run; its id.
  func startTea() throws -> String {
    let answer = try call("POST", "/v1/runs", json: #"{"recipe": "tea"}"#)
    #expect(answer.status == 201)
    return try #require(answer.object["id"] as? String)
  }
}

/// One HTTP answer as curl printed it with `-i`.
struct Answer {
  var status: Int
  var headers: [String: String]
  var body: String

  init(curlOutput text: String) throws {
    var rest = Substring(text)
    // `-i` prints a `100 Continue` block first when curl asked for one.
    while rest.hasPrefix("HTTP/1.1 100") {
      rest = rest[rest.range(of: "\r\n\r\n")!.upperBound...]
    }
    let end = try #require(rest.range(of: "\r\n\r\n"), "no header end in \(text)")
    let lines = rest[..<end.lowerBound].components(separatedBy: "\r\n")
    status = Int(lines[0].split(separator: " ")[1])!
    headers = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    body = String(rest[end.upperBound...])
  }

  /// The body parsed as a JSON object (empty when it is not one).
  var object: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
  }

  /// The `{"error", "status"}` body's status, checked to agree with the HTTP status.
  var errorStatus: String? { object["status"] as? String }
}

/// Runs curl once, `-s -S`, proxies ignored, 20 s at most; its stdout.
func curl(_ arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
  process.arguments = ["-s", "-S", "--noproxy", "*", "--max-time", "20"] + arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}
