import CooktimerCore
import CooktimerStore
import Foundation

extension PushSender {
  /// Picks what to send at `now`, in one transaction: expired pushes end; of several
  /// pending updates of one activity only the newest goes (carrying the newest alert of those
  /// it replaces); a push with no token yet waits; each (push, token) pair gets its
  /// `apns-id` once; the chosen pushes are leased to this sender.
  func claim(at now: Instant) throws -> [ClaimedPush] {
    try service.store.transaction { tx in
      // A sender of this host that died (SIGKILL, a crash) holds its leases no longer.
      for holder in try tx.leaseOwners() where holder != owner && SenderIdentity.isGone(holder) {
        try tx.releaseLeases(owner: holder)
      }
      let free = Set(try tx.sendablePushes(at: now, owner: owner, limit: 2000).map(\.entry.id))
      let pending = try tx.pendingPushes(limit: 2000).map { ClaimedPush($0) }
      var newest: [String: Int64] = [:]
      for push in pending where !push.isStart { newest[push.group] = push.id }
      var chosen: [ClaimedPush] = []
      var carried: [String: Any] = [:]
      // Read once for the round: every start goes to the same push-to-start tokens.
      var startTokens: [PushToken]?
      let nowSeconds = now.unixMilliseconds / 1000
      for var push in pending {
        let id = push.id
        if push.expiration < nowSeconds {
          try tx.finishPush(id, state: .expired, reason: push.queued.reason, at: now)
          continue
        }
        if !push.isStart, newest[push.group] != id {
          if let alert = PushBody.alert(of: push.queued.entry.draft.body) {
            carried[push.group] = alert
          }
          try tx.finishPush(id, state: .superseded, at: now)
          continue
        }
        if !push.isStart, let alert = carried[push.group] {
          let body = PushBody.edited(push.queued.entry.draft.body, alert: alert)
          try tx.replaceBody(id, body: body, timestamp: push.queued.entry.draft.timestamp)
          push.queued.entry.draft.body = body
        }
        guard push.queued.nextAttemptAt.map({ $0 <= now }) ?? true else { continue }
        let tokens: [PushToken]
        if push.isStart {
          tokens = try startTokens ?? tx.pushToStartTokens()
          startTokens = tokens
        } else {
          tokens = try tx.activityTokens(
            runID: push.queued.entry.runID, activity: push.queued.entry.draft.activity)
        }
        push.sends = try tx.sends(pushID: id)
        let known = Set(push.sends.map(\.token))
        let firstOfPush = known.isEmpty
        for (n, token) in tokens.enumerated() where !known.contains(token.token) {
          let apnsID = n == 0 && firstOfPush ? push.apnsID : nil
          let send = PushSend(
            pushID: id, token: token.token,
            apnsID: apnsID ?? UUID().uuidString.lowercased(), sandbox: token.sandbox,
            state: .pending)
          try tx.addSend(send)
          push.sends.append(send)
        }
        guard push.sends.contains(where: { $0.state == .pending }) else {
          if !push.sends.isEmpty && free.contains(id) {
            // Every token has its answer but the push was not closed: its sender died
            // between the two transactions. Close it, or it would wait until it expires.
            let sent = push.sends.contains { $0.state == .sent }
            try tx.finishPush(
              id, state: sent ? .sent : .failed, reason: sent ? nil : "every token failed",
              at: now)
          }
          continue
        }
        chosen.append(push)
      }
      chosen = chosen.filter { free.contains($0.id) }
      try tx.lease(chosen.map(\.id), owner: owner, until: now + Self.leaseLength)
      return chosen
    }
  }
}
