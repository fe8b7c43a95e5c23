import CooktimerCore
import CooktimerServer
import CooktimerStore

extension CommandContext {
  /// `apikey create [--name N] | list | revoke NAME` (docs/api.md §2).
  func apikey(_ command: APIKeyCommand) throws -> Output {
    let book = APIKeyBook(store: try store())
    switch command {
    case .create(let name):
      let created = try book.create(name: name, at: now)
      let record = created.record
      if json {
        return Output(
          stdout: encodeJSON(
            ["name": record.name, "key": created.key, "createdAt": record.createdAt.description])
            + "\n")
      }
      return Output(
        stdout: "\(created.key)\n",
        stderr: [
          "cooktimer: API key \(record.name) created; it is shown only this once (only its hash is kept)"
        ])
    case .list:
      let keys = try book.list()
      if json { return Output(stdout: encodeJSON(["keys": keys.map(APIKeyJSON.init)]) + "\n") }
      if keys.isEmpty { return Output(stdout: "No API keys: serve answers loopback only.\n") }
      let width = keys.map(\.name.count).max() ?? 0
      return Output(
        stdout: keys.map { key in
          let state = key.revokedAt.map { "revoked \($0)" } ?? "valid"
          return "\(key.name.rightPad(width))  created \(key.createdAt)  \(state)"
        }.joined(separator: "\n") + "\n")
    case .revoke(let name):
      do {
        try book.revoke(name: name, at: now)
      } catch APIKeyBookError.noSuchKey {
        throw CLIError.notFound("no valid API key named \(name); `apikey list` shows them")
      }
      if json { return Output(stdout: encodeJSON(RevokedJSON(name: name, revoked: true)) + "\n") }
      return Output(stdout: "Revoked \(name)\n")
    }
  }
}

/// One key in `apikey list --json`: never the key, never its hash.
struct APIKeyJSON: Encodable {
  var name: String
  var createdAt: String
  var revokedAt: String?

  init(_ record: APIKeyRecord) {
    name = record.name
    createdAt = record.createdAt.description
    revokedAt = record.revokedAt?.description
  }
}

/// `apikey revoke --json`.
private struct RevokedJSON: Encodable {
  var name: String
  var revoked: Bool
}
