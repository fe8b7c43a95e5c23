import CooktimerCore
import CooktimerServer
import CooktimerService
import CooktimerStore
import Foundation

// libFuzzer entry for the HTTP request path (run.sh builds it): the input is the raw bytes a
// client sends. They go over a loopback socket to a real `APIServer` (libmicrohttpd's parser,
// our head checks, the router, the API, a real SQLite file), started once; the client then
// closes its sending side and reads the answer to the end. Nothing may crash; no answer may
// be a 5xx but 501 (a method or transfer coding we do not implement), 503 (the event-stream
// bound) and 505 (libmicrohttpd: an HTTP version it does not speak); and after every input
// the server still answers `GET /healthz` with 200, so an input that wedges it is found.

/// One recipe, from text, so `POST /v1/runs {"recipe":"tea"}` and the run routes have work.
struct FuzzRecipes: RecipeSource {
  static let text = "---\ntitle: Tea\n---\nSteep the tea for ~steep{4%minutes}.\n\nPour.\n"

  func list() throws -> RecipeListDocument {
    RecipeListDocument(recipes: [
      RecipeSummaryDocument(
        file: "tea.cook", name: "tea", result: Cooklang.parse(Self.text, file: "tea.cook"))
    ])
  }

  func recipe(named name: String) throws -> FoundRecipe? {
    guard name == "tea" else { return nil }
    let recipe = try Cooklang.recipe(Self.text, file: "tea.cook")
    return FoundRecipe(
      recipe: recipe, document: RecipeDocument(recipe, file: "tea.cook", warnings: []))
  }
}

/// The server, made on the first input and kept for the process.
let fuzzServer: APIServer = {
  let folder = NSTemporaryDirectory() + "cooktimer-fuzz-http-" + UUID().uuidString
  try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let path = folder + "/db.sqlite3"
  var configuration = APIServerConfiguration()
  configuration.port = 0
  // A stream the fuzzer opened and left is found gone at the next ping.
  configuration.pingIntervalSeconds = 0.2
  return try! APIServer(
    configuration: configuration,
    makeService: { RunService(store: try RunStore(path: path)) }, recipes: FuzzRecipes())
}()

/// Sends `bytes`, closes the sending side, and returns what the server sent until it closed
/// the connection or `seconds` passed (an event stream stays open).
func exchange(_ bytes: [UInt8], port: UInt16, seconds: Double) -> [UInt8] {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  precondition(socket >= 0)
  defer { close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  // libFuzzer's -timeout watchdog is a SIGALRM every half second: a connect it interrupts
  // goes on in the background (connect(2), EINTR), so wait for it rather than fail.
  if connected != 0 && errno == EINTR {
    var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
    while poll(&entry, 1, 1000) < 0 && errno == EINTR {}
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
    errno = failure
  }
  precondition(
    connected == 0 || errno == 0,
    "cannot connect to the server: \(String(cString: strerror(errno)))")
  var sent = 0
  while sent < bytes.count {
    let count = bytes[sent...].withUnsafeBytes {
      send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }  // the server closed early (it refused the head): fine
    sent += count
  }
  shutdown(socket, Int32(SHUT_WR))
  var received: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  let deadline = Date(timeIntervalSinceNow: seconds)
  while received.count < 1 << 20 {
    let left = deadline.timeIntervalSinceNow
    if left <= 0 { break }
    var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
    let count = recv(socket, &buffer, buffer.count, 0)
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }
    received += buffer.prefix(count)
  }
  return received
}

/// Every `HTTP/1.x NNN` status code in `answer`, in order.
func statuses(_ answer: [UInt8]) -> [Int] {
  let text = String(decoding: answer, as: UTF8.self)
  var codes: [Int] = []
  for line in text.split(separator: "\r\n", omittingEmptySubsequences: true)
  where line.hasPrefix("HTTP/1.") {
    let parts = line.split(separator: " ")
    if parts.count >= 2, let code = Int(parts[1]) { codes.append(code) }
  }
  return codes
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let port = fuzzServer.port
  let answer = exchange(
    Array(UnsafeBufferPointer(start: data, count: size)), port: port, seconds: 0.3)
  for code in statuses(answer) {
    precondition(code < 500 || [501, 503, 505].contains(code), "answered \(code)")
  }
  let health = exchange(
    Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8),
    port: port, seconds: 0.5)
  precondition(statuses(health) == [200], "GET /healthz afterwards: \(statuses(health))")
  return 0
}
