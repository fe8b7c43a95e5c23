import CooktimerCore
import CooktimerStore
import Foundation

extension PushSender {
  /// Picks what to send at `now`, in one transaction: expired pushes end; of several
  /// pending updates of one activity only the newest goes (carrying the newest alert of those
  /// it replaces); a push with no token yet waits; each (push, token) pair gets its
  /// `apns-id` once; the chosen pushes are leased to this sender.
  func claim(at now: Instant) throws -> [QueuedPush] {
    try service.store.transaction { tx in
      // A sender of this host that died (SIGKILL, a crash) holds its leases no longer.
      for holder in try tx.leaseOwners() where holder != owner && SenderIdentity.isGone(holder) {
        try tx.releaseLeases(owner: holder)
      }
      let free = Set(try tx.sendablePushes(at: now, owner: owner, limit: 2000).map(\.entry.id))
      let pending = try tx.pendingPushes(limit: 2000)
      var newest: [String: Int64] = [:]
      for push in pending where push.entry.draft.event != "start" {
        newest[Self.group(push)] = push.entry.id
      }
      var chosen: [QueuedPush] = []
      var carried: [String: Any] = [:]
      let nowSeconds = now.unixMilliseconds / 1000
      for var push in pending {
        let id = push.entry.id
        if Self.expiration(push) < nowSeconds {
          try tx.finishPush(id, state: .expired, reason: push.reason, at: now)
          continue
        }
        if push.entry.draft.event != "start", newest[Self.group(push)] != id {
          if let alert = PushBody.alert(of: push.entry.draft.body) {
            carried[Self.group(push)] = alert
          }
          try tx.finishPush(id, state: .superseded, at: now)
          continue
        }
        if push.entry.draft.event != "start", let alert = carried[Self.group(push)] {
          let body = PushBody.edited(push.entry.draft.body, alert: alert)
          try tx.replaceBody(id, body: body, timestamp: push.entry.draft.timestamp)
          push.entry.draft.body = body
        }
        guard push.nextAttemptAt.map({ $0 <= now }) ?? true else { continue }
        let tokens =
          push.entry.draft.event == "start"
          ? try tx.pushToStartTokens()
          : try tx.activityTokens(runID: push.entry.runID, activity: push.entry.draft.activity)
        let known = Set(try tx.sends(pushID: id).map(\.token))
        let headerID = Self.headers(push)["apns-id"]
        for (n, token) in tokens.enumerated() where !known.contains(token.token) {
          let apnsID = n == 0 && known.isEmpty ? headerID : nil
          try tx.addSend(
            PushSend(
              pushID: id, token: token.token,
              apnsID: apnsID ?? UUID().uuidString.lowercased(), sandbox: token.sandbox,
              state: .pending))
        }
        let sends = try tx.sends(pushID: id)
        guard sends.contains(where: { $0.state == .pending }) else {
          if !sends.isEmpty && free.contains(id) {
            // Every token has its answer but the push was not closed: its sender died
            // between the two transactions. Close it, or it would wait until it expires.
            let sent = sends.contains { $0.state == .sent }
            try tx.finishPush(
              id, state: sent ? .sent : .failed, reason: sent ? nil : "every token failed",
              at: now)
          }
          continue
        }
        chosen.append(push)
      }
      chosen = chosen.filter { free.contains($0.entry.id) }
      try tx.lease(chosen.map(\.entry.id), owner: owner, until: now + Self.leaseLength)
      return chosen
    }
  }

  /// Updates and ends of one activity of one run replace each other.
  static func group(_ push: QueuedPush) -> String {
    "\(push.entry.runID)#\(push.entry.draft.activity)"
  }

  static func headers(_ push: QueuedPush) -> [String: String] {
    (try? JSONDecoder().decode([String: String].self, from: Data(push.entry.draft.headers.utf8)))
      ?? [:]
  }

  /// `apns-expiration` in Unix seconds (a push queued without one: an hour after it was made).
  static func expiration(_ push: QueuedPush) -> Int64 {
    Int64(headers(push)["apns-expiration"] ?? "")
      ?? push.entry.draft.createdAt.unixMilliseconds / 1000 + 3600
  }
}
