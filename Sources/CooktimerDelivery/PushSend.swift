import CooktimerAPNs
import CooktimerCore
import CooktimerStore
import Foundation

extension PushSender {
  /// Sends one claimed push to each of its pending tokens and records each answer; then
  /// ends the push (sent, failed) or schedules its retry (or lets it expire).
  ///
  /// - Returns: how many tokens answered 200.
  func send(_ push: QueuedPush, at now: Instant) throws -> Int {
    let id = push.entry.id
    let sends = try service.store.transaction { tx in try tx.sends(pushID: id) }
      .filter { $0.state == .pending }
    var body = push.entry.draft.body
    var timestamp = push.entry.draft.timestamp
    if push.attempts > 0 {
      // A retry takes a fresh timestamp, still rising per activity, as of the push's moment.
      timestamp = try service.store.transaction { tx in
        try tx.nextPushTimestamp(
          runID: push.entry.runID, activity: push.entry.draft.activity,
          now: push.entry.draft.createdAt)
      }
      body = PushBody.edited(body, timestamp: timestamp)
      try service.store.transaction { tx in try tx.replaceBody(id, body: body, timestamp: timestamp)
      }
    }
    var sent = 0
    var retry = false
    var failure: String?
    for target in sends {
      let outcome = try attempt(push, target, body: Data(body.utf8), at: now)
      switch outcome.kind {
      case .sent: sent += 1
      case .retry: retry = true
      case .failed: failure = outcome.reason
      }
    }
    let attempts = push.attempts + 1
    let wait = backoff.delay(attempt: attempts, using: &random)
    try service.store.transaction { tx in
      let open = try tx.sends(pushID: id).contains { $0.state == .pending }
      if retry && open {
        let next = now + Int64(wait * 1000)
        if next.unixMilliseconds / 1000 > Self.expiration(push) {
          try tx.finishPush(
            id, state: .expired, reason: failure ?? "not delivered before it expired", at: now)
          log("push \(id) expired: not delivered before its apns-expiration")
        } else {
          try tx.retryPush(id, at: next, attempts: attempts, reason: failure)
        }
      } else {
        let anySent = try tx.sends(pushID: id).contains { $0.state == .sent }
        try tx.finishPush(
          id, state: anySent ? .sent : .failed, reason: anySent ? nil : failure, at: now)
      }
    }
    return sent
  }

  struct Outcome {
    enum Kind { case sent, retry, failed }
    var kind: Kind
    var reason: String?
  }

  /// One request to one token, with a single retry on a fresh provider token after 403
  /// ExpiredProviderToken; the attempt is logged whatever happens.
  private func attempt(
    _ push: QueuedPush, _ target: PushSend, body: Data, at now: Instant
  ) throws -> Outcome {
    let headers = Self.headers(push)
    let request: APNsRequest
    do {
      request = try APNsRequest(
        deviceToken: target.token, topic: topic, priority: push.entry.draft.priority,
        expiration: Self.expiration(push), apnsID: UUID(uuidString: target.apnsID),
        collapseID: headers["apns-collapse-id"], body: body)
    } catch {
      return try record(push, target, status: nil, reason: "\(error)", outcome: .failed, now)
    }
    var renewed = false
    while true {
      let outcome: APNsOutcome
      var status: Int?
      var reason: String?
      do throws(APNsError) {
        let jwt = try tokens.token(at: now.unixMilliseconds / 1000)
        let response = try connection(sandbox: target.sandbox).send(request, jwt: jwt)
        status = response.status
        reason = response.reason
        outcome = response.outcome
      } catch {
        reason = "\(error)"
        outcome = APNsOutcome(error: error)
        if case .transport = error { connections[target.sandbox] = nil }
      }
      if outcome == .renewTokenAndRetryOnce && !renewed {
        // Only logged: classifying it would end the sender, which is right only for a
        // second ExpiredProviderToken in a row (a fresh token refused: the clock is off).
        try logAttempt(push, target, status: status, reason: reason, now)
        tokens.invalidate()
        renewed = true
        continue
      }
      if outcome == .keepTokenAndRetry {
        tokens.noteTooManyTokenUpdates(at: now.unixMilliseconds / 1000)
      }
      return try record(push, target, status: status, reason: reason, outcome: outcome, now)
    }
  }

  /// Logs the attempt and moves the (push, token) pair; a dead token is forgotten; a
  /// configuration error stops the sender.
  private func record(
    _ push: QueuedPush, _ target: PushSend, status: Int?, reason: String?,
    outcome: APNsOutcome, _ now: Instant
  ) throws -> Outcome {
    let id = push.entry.id
    try service.store.transaction { tx in
      try tx.recordAttempt(attempt(push, target, status: status, reason: reason, now))
      switch outcome {
      case .sent: try tx.setSendState(pushID: id, token: target.token, .sent)
      case .deadToken:
        try tx.setSendState(pushID: id, token: target.token, .failed)
        try tx.removeToken(target.token)
      case .failed: try tx.setSendState(pushID: id, token: target.token, .failed)
      case .renewTokenAndRetryOnce, .keepTokenAndRetry, .retryWithBackoff, .configurationError:
        break
      }
    }
    let what =
      "push \(id) (\(push.entry.draft.event) of \(push.entry.runID)) to \(target.token.prefix(8))"
    let why = [status.map(String.init), reason].compactMap { $0 }.joined(separator: " ")
    switch outcome {
    case .sent: return Outcome(kind: .sent)
    case .deadToken:
      log("\(what): \(why): the token is dead and was removed")
      return Outcome(kind: .failed, reason: why)
    case .failed:
      log("\(what) failed: \(why)")
      return Outcome(kind: .failed, reason: why)
    case .configurationError:
      throw DeliveryError.configuration(
        "APNs refused the provider settings (\(why)); check the key, key id, team id and topic"
      )
    case .renewTokenAndRetryOnce:
      throw DeliveryError.configuration(
        "APNs says a fresh provider token has expired (\(why)); check this machine's clock")
    case .keepTokenAndRetry, .retryWithBackoff:
      log("\(what): \(why): will retry")
      return Outcome(kind: .retry, reason: why)
    }
  }

  /// Logs an attempt that changes no state.
  private func logAttempt(
    _ push: QueuedPush, _ target: PushSend, status: Int?, reason: String?, _ now: Instant
  ) throws {
    try service.store.transaction { tx in
      try tx.recordAttempt(attempt(push, target, status: status, reason: reason, now))
    }
  }

  private func attempt(
    _ push: QueuedPush, _ target: PushSend, status: Int?, reason: String?, _ now: Instant
  ) -> DeliveryAttempt {
    DeliveryAttempt(
      pushID: push.entry.id, runID: push.entry.runID, event: push.entry.draft.event,
      token: target.token, apnsID: target.apnsID, status: status, reason: reason, at: now)
  }

  private func connection(sandbox: Bool) throws(APNsError) -> any APNsTransport {
    if let open = connections[sandbox] { return open }
    let made = try connect(sandbox)
    connections[sandbox] = made
    return made
  }
}
