import CooktimerCore
import CooktimerService

extension CommandContext {
  /// `apikey create [--name N] | list | revoke NAME` (docs/api.md §2).
  func apikey(_ command: APIKeyCommand) throws -> Output {
    // A name no key may have is refused before the database is made (nothing left behind).
    if case .create(let name?) = command { try APIKey.checkName(name) }
    let service = try service()
    switch command {
    case .create(let name):
      let created = try service.createAPIKey(name: name, at: now)
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
      let keys = try service.apiKeys()
      if json { return Output(stdout: encodeJSON(["keys": keys.map(APIKeyJSON.init)]) + "\n") }
      if keys.isEmpty { return Output(stdout: "No API keys: serve answers loopback only.\n") }
      let width = keys.map(\.name.count).max() ?? 0
      return Output(
        stdout: keys.map { key in
          let state = key.revokedAt.map { "revoked \($0)" } ?? "valid"
          return "\(key.name.rightPad(width))  created \(key.createdAt)  \(state)"
        }.joined(separator: "\n") + "\n")
    case .revoke(let name):
      // A `catch .noSuchAPIKey` pattern here crashes Swift 6.3.1's SIL ownership verifier.
      let revoked = Result { () throws(ServiceError) in
        try service.revokeAPIKey(name: name, at: now)
      }
      if case .failure(.noSuchAPIKey) = revoked {
        throw CLIError.notFound("no valid API key named \(name); `apikey list` shows them")
      }
      try revoked.get()
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

  init(_ record: APIKey) {
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
