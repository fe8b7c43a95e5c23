import CooktimerAPNs
import CooktimerCore
import CooktimerDelivery
import CooktimerLineEditor
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension CommandContext {
  /// `token add|list|remove` (docs/delivery.md §1).
  func token(_ command: TokenCommand) throws -> Output {
    // The token and device name are checked before the database is made: a refused
    // `token add` leaves no file behind (the service checks them again).
    switch command {
    case .addPushToStart(let hex, let device, _), .addDevice(let hex, let device, _),
      .addActivity(_, let hex, _, let device, _, _):
      _ = try RunService.normalizedToken(hex)
      _ = try RunService.checkedDeviceName(device)
    case .list, .remove: break
    }
    let service = try service()
    switch command {
    case .addPushToStart(let hex, let device, let sandbox):
      let token = try service.addPushToStartToken(hex, device: device, sandbox: sandbox, at: now)
      return tokenAdded(TokenDocument(token))
    case .addDevice(let hex, let device, let sandbox):
      let token = try service.addDeviceToken(hex, device: device, sandbox: sandbox, at: now)
      return tokenAdded(TokenDocument(token))
    case .addActivity(let run, let hex, let activity, let device, let sandbox, let appStarted):
      let token = try service.addActivityToken(
        hex, run: run, activity: activity, device: device, sandbox: sandbox,
        appStarted: appStarted, at: now)
      return tokenAdded(TokenDocument(token))
    case .list:
      let tokens = try service.tokens().map(TokenDocument.init)
      if json { return Output(stdout: encodeJSON(["tokens": tokens]) + "\n") }
      if tokens.isEmpty {
        return Output(stdout: "No tokens. The app reports them: `token add push-to-start HEX`.\n")
      }
      return Output(stdout: tokens.map(tokenLine).joined(separator: "\n") + "\n")
    case .remove(let hex):
      guard try service.removeToken(hex) else {
        throw CLIError.notFound("no token \(hex.prefix(8))…; `token list` shows them")
      }
      if json { return Output(stdout: encodeJSON(["removed": true]) + "\n") }
      return Output(stdout: "Removed token \(hex.lowercased().prefix(8))…\n")
    }
  }

  private func tokenAdded(_ token: TokenDocument) -> Output {
    if json { return Output(stdout: encodeJSON(token) + "\n") }
    return Output(stdout: "Added " + tokenLine(token) + "\n")
  }

  private func tokenLine(_ token: TokenDocument) -> String {
    var words = [token.kind, String(token.token.prefix(8)) + "…"]
    if let run = token.run, let n = token.activity { words.append("run \(run) activity \(n)") }
    if let device = token.device { words.append(TerminalText.line(device)) }
    if token.sandbox { words.append("sandbox") }
    return words.joined(separator: "  ")
  }

  /// `deliveries`: every attempt to send a push, oldest first.
  func deliveries() throws -> Output {
    let document = try service().deliveries()
    if json { return Output(stdout: encodeJSON(document) + "\n") }
    if document.deliveries.isEmpty {
      return Output(stdout: "No deliveries yet. `send` delivers the outbox.\n")
    }
    let lines = document.deliveries.map { a in
      let answer = a.status.map(String.init) ?? "no answer"
      let reason = a.reason.map { " " + TerminalText.line($0) } ?? ""
      return
        "\(a.at)  push \(a.push)  \(a.run)  \(a.event)  \(a.token)  \(answer)\(reason)  \(a.apnsID)"
    }
    return Output(stdout: lines.joined(separator: "\n") + "\n")
  }
}
