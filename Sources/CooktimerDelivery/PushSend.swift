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
    var tally = Tally()
    if sends.isEmpty {
      try service.store.transaction { tx in try close(push, tally, tx, now) }
    }
    for (n, target) in sends.enumerated() {
      // The last answer closes the push in its own transaction: one durable write per
      // answer, not two.
      try attempt(push, target, body: Data(body.utf8), at: now) { tx, outcome in
        tally.add(outcome)
        if n == sends.count - 1 { try close(push, tally, tx, now) }
      }
    }
    return tally.sent
  }

  /// What the answers to one push's tokens came to.
  struct Tally {
    var sent = 0
    var retry = false
    var failure: String?

    mutating func add(_ outcome: Outcome) {
      switch outcome.kind {
      case .sent: sent += 1
      case .retry: retry = true
      case .failed: failure = outcome.reason
      }
    }
  }

  /// Ends the push (sent, failed) or schedules its retry, or lets it expire.
  private func close(_ push: QueuedPush, _ tally: Tally, _ tx: StoreTransaction, _ now: Instant)
    throws
  {
    let id = push.entry.id
    let attempts = push.attempts + 1
    let wait = backoff.delay(attempt: attempts, using: &random)
    let open = try tx.sends(pushID: id).contains { $0.state == .pending }
    if tally.retry && open {
      let next = now + Int64(wait * 1000)
      if next.unixMilliseconds / 1000 > Self.expiration(push) {
        try tx.finishPush(
          id, state: .expired, reason: tally.failure ?? "not delivered before it expired",
          at: now)
        log("push \(id) expired: not delivered before its apns-expiration")
      } else {
        try tx.retryPush(id, at: next, attempts: attempts, reason: tally.failure)
      }
    } else {
      let anySent = try tx.sends(pushID: id).contains { $0.state == .sent }
      try tx.finishPush(
        id, state: anySent ? .sent : .failed, reason: anySent ? nil : tally.failure, at: now)
    }
  }

  struct Outcome {
    enum Kind { case sent, retry, failed }
    var kind: Kind
    var reason: String?
  }

  /// One request to one token, with a single retry on a fresh provider token after 403
  /// ExpiredProviderToken; the attempt is logged whatever happens.
  private func attempt(
    _ push: QueuedPush, _ target: PushSend, body: Data, at now: Instant,
    then: (StoreTransaction, Outcome) throws -> Void
  ) throws {
    let headers = Self.headers(push)
    let request: APNsRequest
    do {
      request = try APNsRequest(
        deviceToken: target.token, topic: topic, priority: push.entry.draft.priority,
        expiration: Self.expiration(push), apnsID: UUID(uuidString: target.apnsID),
        collapseID: headers["apns-collapse-id"], body: body)
    } catch {
      return try record(
        push, target, status: nil, reason: "\(error)", outcome: .failed, now, then: then)
    }
    var renewed = false
    var reconnected = false
    while true {
      let outcome: APNsOutcome
      var status: Int?
      var reason: String?
      var reused = connections[target.sandbox] != nil
      do throws(APNsError) {
        let jwt = try tokens.token(at: now.unixMilliseconds / 1000)
        let response = try connection(sandbox: target.sandbox).send(request, jwt: jwt)
        status = response.status
        reason = response.reason
        outcome = response.outcome
      } catch {
        reason = "\(error)"
        outcome = APNsOutcome(error: error)
        if case .transport = error { connections[target.sandbox] = nil } else { reused = false }
      }
      if case .retryWithBackoff = outcome, status == nil, reused, !reconnected {
        // A kept connection the server has closed (an HTTP/2 GOAWAY, an idle timeout): once,
        // at once, on a new one, rather than after a backoff. The apns-id is the same.
        try logAttempt(push, target, status: nil, reason: reason, now)
        reconnected = true
        continue
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
      return try record(
        push, target, status: status, reason: reason, outcome: outcome, now, then: then)
    }
  }

  /// Logs the attempt and moves the (push, token) pair, and runs `then` with the outcome in
  /// the same transaction; a dead token is forgotten; a configuration error stops the
  /// sender (and `then` does not run: the push stays as it was).
  private func record(
    _ push: QueuedPush, _ target: PushSend, status: Int?, reason: String?,
    outcome: APNsOutcome, _ now: Instant, then: (StoreTransaction, Outcome) throws -> Void
  ) throws {
    let id = push.entry.id
    let why = [status.map(String.init), reason].compactMap { $0 }.joined(separator: " ")
    let result: Outcome? =
      switch outcome {
      case .sent: Outcome(kind: .sent)
      case .deadToken, .failed: Outcome(kind: .failed, reason: why)
      case .keepTokenAndRetry, .retryWithBackoff: Outcome(kind: .retry, reason: why)
      case .configurationError, .renewTokenAndRetryOnce: nil
      }
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
      if let result { try then(tx, result) }
    }
    let what =
      "push \(id) (\(push.entry.draft.event) of \(push.entry.runID)) to \(target.token.prefix(8))"
    switch outcome {
    case .sent: break
    case .deadToken: log("\(what): \(why): the token is dead and was removed")
    case .failed: log("\(what) failed: \(why)")
    case .configurationError:
      throw DeliveryError.configuration(
        "APNs refused the provider settings (\(why)); check the key, key id, team id and topic"
      )
    case .renewTokenAndRetryOnce:
      throw DeliveryError.configuration(
        "APNs says a fresh provider token has expired (\(why)); check this machine's clock")
    case .keepTokenAndRetry, .retryWithBackoff: log("\(what): \(why): will retry")
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
