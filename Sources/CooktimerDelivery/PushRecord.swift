import CooktimerAPNs
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

extension PushSender {
  /// Logs the attempts, moves each answered (push, token) pair, forgets dead tokens and
  /// ends each push whose tokens have all answered — one transaction, its writes one
  /// statement per kind for the whole wave (issue 21: one per push per kind made a wave of
  /// 100 answers 300 round trips to PostgreSQL); then says each failure in one line. A
  /// configuration error is kept in `state.stopping` (its push stays as it was): the batch
  /// starts no more requests, records the answers still to come, and then stops the sender.
  func record(
    _ finals: [Attempt], logged: [Attempt], _ state: inout BatchState, _ now: Instant
  ) throws {
    var stopping: DeliveryError?
    var lines: [String] = []
    var attempts = logged.map { delivery($0, state, now) }
    var moved: [PushSend] = []
    var dead: [String] = []
    // The pushes whose every token has answered, in the order their last answer came.
    var closing: [Int] = []
    for attempt in finals {
      let target = state.targets[attempt.target]
      let push = state.pushes[target.push]
      let token = target.send.token
      attempts.append(delivery(attempt, state, now))
      let why = [attempt.status.map(String.init), attempt.reason].compactMap { $0 }
        .joined(separator: " ")
      let what = "\(push.name) to \(token.prefix(8))"
      let result: Outcome
      switch attempt.outcome {
      case .sent:
        moved.append(target.send.moved(to: .sent))
        state.setSend(target.push, token, .sent)
        result = Outcome(kind: .sent)
      case .deadToken:
        moved.append(target.send.moved(to: .failed))
        state.setSend(target.push, token, .failed)
        dead.append(token)
        lines.append("\(what): \(why): the token is dead and was removed")
        result = Outcome(kind: .failed, reason: why)
      case .failed:
        moved.append(target.send.moved(to: .failed))
        state.setSend(target.push, token, .failed)
        lines.append("\(what) failed: \(why)")
        result = Outcome(kind: .failed, reason: why)
      case .keepTokenAndRetry, .retryWithBackoff:
        lines.append("\(what): \(why): will retry")
        result = Outcome(kind: .retry, reason: why)
      case .configurationError:
        state.blocked.insert(target.push)
        stopping =
          stopping
          ?? .configuration(
            "APNs refused the provider settings (\(why)); check the key, key id, team id and topic"
          )
        continue
      case .renewTokenAndRetryOnce:
        state.blocked.insert(target.push)
        stopping =
          stopping
          ?? .configuration(
            "APNs says a fresh provider token has expired (\(why)); check this machine's clock")
        continue
      }
      if result.kind == .sent { state.sent += 1 }
      state.tallies[target.push].add(result)
      state.open[target.push] -= 1
      if state.open[target.push] == 0 && !state.blocked.contains(target.push) {
        closing.append(target.push)
      }
    }
    // Rows this sender leased, rows it inserts and dead tokens' rows: no schema-wide lock.
    try service.store.runTransaction { tx in
      try tx.recordAttempts(attempts)
      try tx.setSendStates(moved)
      for token in dead { try tx.removeToken(token) }
      var endings: [PushEnding] = []
      for n in closing {
        try close(state.pushes[n], state.tallies[n], tx, now, ending: &endings)
      }
      try tx.finishPushes(endings, at: now)
      _ = try renewLeasesIfShort(tx)
    }
    for line in lines { log(line) }
    if state.stopping == nil { state.stopping = stopping }
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

  /// Ends the push (sent, failed) or schedules its retry, or lets it expire. An end is
  /// added to `endings`, for the caller to write with the wave's others in one statement.
  func close(
    _ push: ClaimedPush, _ tally: Tally, _ tx: StoreTransaction, _ now: Instant,
    ending endings: inout [PushEnding]
  ) throws {
    let id = push.id
    let attempts = push.queued.attempts + 1
    if tally.retry && push.sends.contains(where: { $0.state == .pending }) {
      let wait = backoff.delay(attempt: attempts, using: &random)
      // The wait runs from the answer, not from the round's start (which a first request's
      // connection, signing and rendering can precede by tens of milliseconds).
      let next = max(now, service.clock.now()) + Int64(wait * 1000)
      if next.unixMilliseconds / 1000 > push.expiration {
        endings.append(
          PushEnding(
            id: id, state: .expired, reason: tally.failure ?? "not delivered before it expired"))
        log("push \(id) expired: not delivered before its apns-expiration")
      } else {
        try tx.retryPush(id, at: next, attempts: attempts, reason: tally.failure)
      }
    } else {
      let anySent = push.sends.contains { $0.state == .sent }
      endings.append(
        PushEnding(id: id, state: anySent ? .sent : .failed, reason: anySent ? nil : tally.failure))
      // A fire no token took (dead, refused): the cook hears it by the backup alert.
      if !anySent, push.isSupersedable, let payload = push.payload,
        try BackupAlert.queue(
          for: payload, runID: push.queued.entry.runID, at: now,
          apnsID: UUID().uuidString.lowercased(), tx: tx)
      {
        backupsQueued = true
      }
    }
  }

  struct Outcome {
    enum Kind { case sent, retry, failed }
    var kind: Kind
    var reason: String?
  }

  func delivery(_ attempt: Attempt, _ state: BatchState, _ now: Instant)
    -> DeliveryAttempt
  {
    let target = state.targets[attempt.target]
    let push = state.pushes[target.push]
    let priority = push.priorities[target.send.token]
    return DeliveryAttempt(
      pushID: push.id, runID: push.queued.entry.runID, event: push.queued.entry.draft.event,
      token: target.send.token, apnsID: target.send.apnsID, status: attempt.status,
      reason: attempt.reason, at: now,
      priority: priority?.priority ?? push.queued.entry.draft.priority,
      priorityReason: priority?.reason)
  }
}

extension PushSend {
  /// The same (push, token) pair in `state`.
  fileprivate func moved(to state: State) -> PushSend {
    var moved = self
    moved.state = state
    return moved
  }
}
