import CooktimerAPNs
import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

extension PushSender {
  /// One (push, token) request of a batch, and the one-time retries it has had.
  struct Target {
    /// Its push's position in the batch.
    var push: Int
    var send: PushSend
    /// nil when APNs would refuse it unsent (a bad token, a body over 4096 bytes).
    var request: APNsRequest?
    var reconnected = false
    var renewed = false
  }

  /// One attempt's answer, as the deliveries log and the store take it.
  struct Attempt {
    var target: Int
    var status: Int?
    var reason: String?
    var outcome: APNsOutcome
  }

  /// What sending a batch has come to so far; the answers of a wave are recorded into it.
  struct BatchState {
    /// The pushes, their sends kept as they move.
    var pushes: [ClaimedPush]
    var targets: [Target] = []
    /// Per push: the tokens whose answer is still to come.
    var open: [Int]
    var tallies: [Tally]
    /// Pushes a configuration error stopped: never closed, they stay pending.
    var blocked: Set<Int> = []
    var sent = 0
    /// The configuration error an answer brought: no request starts after it, and the
    /// sender stops once every request started is answered and recorded.
    var stopping: DeliveryError?

    init(_ pushes: [ClaimedPush]) {
      self.pushes = pushes
      open = Array(repeating: 0, count: pushes.count)
      tallies = Array(repeating: Tally(), count: pushes.count)
    }

    /// Keeps the push's copy of a send's state as the store now has it.
    mutating func setSend(_ push: Int, _ token: String, _ state: PushSend.State) {
      if let n = pushes[push].sends.firstIndex(where: { $0.token == token }) {
        pushes[push].sends[n].state = state
      }
    }
  }

  /// Sends claimed pushes to each of their pending tokens, up to
  /// ``APNsConnection/maxStreams`` requests at once on each connection, and records the
  /// answers that have come in one transaction per wave (an answer is durable before the
  /// next wave is read; a push answered 200 is never sent again). Each push whose tokens have
  /// all answered is ended (sent, failed) or its retry scheduled (or it expires) in that
  /// transaction. No request starts once `stop` says so; those started are answered first.
  ///
  /// - Returns: how many tokens answered 200.
  /// - Throws: ``DeliveryError/configuration(_:)`` once every request started before it
  ///   came is answered and recorded (a 200 received is never lost, so never sent again);
  ///   the refused pushes and those not started stay pending. Store errors.
  func send(_ pushes: [ClaimedPush], at now: Instant, stop: () -> Bool) throws -> Int {
    var state = BatchState(pushes)
    var refused: [Attempt] = []
    // Each push was rendered at its claim (the run's state and a fresh timestamp).
    for (n, push) in pushes.enumerated() {
      let sends = push.sends.filter { $0.state == .pending }
      let body = push.body
      state.open[n] = sends.count
      for send in sends {
        let made = Result { () throws(APNsError) in try request(push, send, body) }
        state.targets.append(Target(push: n, send: send, request: try? made.get()))
        if case .failure(let error) = made {
          let target = state.targets.count - 1
          refused.append(
            Attempt(target: target, status: nil, reason: "\(error)", outcome: .failed))
        }
      }
    }
    if !refused.isEmpty { try record(refused, logged: [], &state, now) }
    var round = state.targets.indices.filter { state.targets[$0].request != nil }
    var first = true
    while !round.isEmpty {
      var again: [Int] = []
      for sandbox in [false, true] where state.stopping == nil {
        let group = round.filter { state.targets[$0].send.sandbox == sandbox }
        if group.isEmpty { continue }
        // A re-sent request (a new connection, a fresh provider token) finishes what its
        // push started, even when stopping.
        again += try sendGroup(group, sandbox: sandbox, &state, now, stop: first ? stop : { false })
      }
      round = again
      first = false
      if let stopping = state.stopping { throw stopping }
    }
    if let stopping = state.stopping { throw stopping }
    return state.sent
  }

  /// One round of requests to one APNs host; returns the targets to send again at once.
  private func sendGroup(
    _ group: [Int], sandbox: Bool, _ state: inout BatchState, _ now: Instant,
    stop: () -> Bool
  ) throws -> [Int] {
    let reused = connections[sandbox] != nil
    let transport: any APNsTransport
    let jwt: String
    do throws(APNsError) {
      do {
        jwt = try providerToken(at: now.unixMilliseconds / 1000)
      } catch let error as APNsError {
        throw error
      } catch {
        // The database could not be read or written: sign alone for this round.
        jwt = try tokens.token(at: now.unixMilliseconds / 1000)
      }
      transport = try connection(sandbox: sandbox)
    } catch {
      if case .transport = error { connections[sandbox] = nil }
      // Answers are by position in the group, as the transport gives them.
      let failed = group.indices.map { APNsAnswer(index: $0, result: .failure(error)) }
      return try recordWave(failed, group: group, reused: false, &state, now)
    }
    var again: [Int] = []
    var lost = false
    let requests = group.compactMap { state.targets[$0].request }
    // Set by a wave that brought a configuration error: the answers still to come are
    // awaited (within the request timeout) and recorded, and nothing more is started.
    let refused = Latch()
    let halted = { refused.isSet || stop() }
    try transport.send(requests, jwt: jwt, until: halted) { answers in
      for answer in answers {
        if case .failure(.transport) = answer.result { lost = true }
      }
      again += try recordWave(answers, group: group, reused: reused, &state, now)
      if state.stopping != nil { refused.isSet = true }
    }
    // A connection that lost a request is closed (its streams all answered by now): the
    // next request opens a new one.
    if lost { connections[sandbox] = nil }
    return again
  }

  /// Classifies a wave of answers and records them in one transaction; returns the targets
  /// to send again at once: a kept connection the server had closed (an HTTP/2 GOAWAY, an
  /// idle timeout) gets one more try on a new one rather than a backoff, and 403
  /// ExpiredProviderToken one more try with a fresh provider token (only logged:
  /// classifying it would end the sender, which is right only for a second one in a row).
  /// The apns-id is the same.
  private func recordWave(
    _ answers: [APNsAnswer], group: [Int], reused: Bool, _ state: inout BatchState,
    _ now: Instant
  ) throws -> [Int] {
    var finals: [Attempt] = []
    var logged: [Attempt] = []
    var again: [Int] = []
    for answer in answers {
      let t = group[answer.index]
      var attempt = Attempt(target: t, status: nil, reason: nil, outcome: .retryWithBackoff)
      switch answer.result {
      case .success(let response):
        (attempt.status, attempt.reason) = (response.status, response.reason)
        attempt.outcome = response.outcome
      case .failure(let error):
        attempt.reason = "\(error)"
        attempt.outcome = APNsOutcome(error: error)
      }
      if case .retryWithBackoff = attempt.outcome, attempt.status == nil, reused,
        !state.targets[t].reconnected
      {
        state.targets[t].reconnected = true
        logged.append(attempt)
        again.append(t)
      } else if attempt.outcome == .renewTokenAndRetryOnce && !state.targets[t].renewed {
        state.targets[t].renewed = true
        tokens.invalidate()
        logged.append(attempt)
        again.append(t)
      } else {
        if attempt.outcome == .keepTokenAndRetry {
          tokens.noteTooManyTokenUpdates(at: now.unixMilliseconds / 1000)
        }
        finals.append(attempt)
      }
    }
    try record(finals, logged: logged, &state, now)
    return again
  }

  private func request(_ push: ClaimedPush, _ target: PushSend, _ body: Data) throws(APNsError)
    -> APNsRequest
  {
    try APNsRequest(
      deviceToken: target.token, topic: push.isAlert ? PushRequest.alertTopic(topic) : topic,
      priority: push.priorities[target.token]?.priority ?? push.queued.entry.draft.priority,
      expiration: push.expiration,
      apnsID: UUID(uuidString: target.apnsID), collapseID: push.collapseID, body: body,
      pushType: push.isAlert ? "alert" : "liveactivity")
  }

  /// A flag the transport's `until` reads while its `answered` sets it.
  private final class Latch {
    var isSet = false
  }

  private func connection(sandbox: Bool) throws(APNsError) -> any APNsTransport {
    if let open = connections[sandbox] { return open }
    let made = try connect(sandbox)
    connections[sandbox] = made
    return made
  }
}
