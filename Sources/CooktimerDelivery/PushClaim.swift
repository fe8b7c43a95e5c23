import CooktimerActivity
import CooktimerCore
import CooktimerService
import CooktimerStore
import Foundation

extension PushSender {
  /// Picks what to send at `now`, in one transaction: expired pushes end; of several
  /// pending updates of one activity only the newest goes (carrying the newest alert of those
  /// it replaces); a push with no token yet waits; each (push, token) pair gets its
  /// `apns-id` once; the chosen pushes are leased to this sender and rendered as of `now`
  /// (the run's state now, the activity's next timestamp: every attempt takes a fresh one).
  ///
  /// The transaction is a change of single rows (``RunStore/runTransaction(_:)``): on
  /// PostgreSQL it holds the schema's advisory lock shared and row-locks the pushes it may
  /// write (``StoreTransaction/lockClaimablePushes(at:owner:gone:limit:)``, `FOR UPDATE SKIP
  /// LOCKED`), so senders claim side by side, each its own pushes; every write below is to
  /// those rows, to rows it inserts (sends, a backup alert) or to an activity's timestamp row
  /// (one atomic upsert). Other senders' pushes are only read.
  ///
  /// - Returns: the pushes to send, and whether the claim locked ``claimSize`` pushes (more
  ///   may be waiting).
  func claim(at now: Instant) throws -> (pushes: [ClaimedPush], full: Bool) {
    // Looked for in a read first: a round with nothing to claim (another sender holds the
    // rest, no token yet, a backoff) takes no write lock and commits nothing.
    let anything = try service.store.read { tx in
      let gone = try tx.leaseOwners().filter { $0 != owner && SenderIdentity.isGone($0) }
      return try wouldClaim(tx, at: now, gone: gone)
    }
    guard anything else { return ([], false) }
    claimTransactions += 1
    do {
      return try service.store.runTransaction { tx in
        let claimed = try claim(in: tx, at: now)
        // Nothing written (the look and the claim disagreed, or another sender came first):
        // roll back, as a commit would still notify every listener, this sender included.
        if !claimWrote { throw NothingClaimed() }
        return claimed
      }
    } catch is NothingClaimed {
      return ([], false)
    }
  }

  /// Thrown to roll back a claim that wrote nothing.
  private struct NothingClaimed: Error {}

  /// ``claim(at:)``'s work in `tx`, the caller's write transaction: a claim of its own, or
  /// the sender's catch-up of what is due (``RunService/catchUpDue(through:then:)``), whose
  /// commit then makes the leases durable before any request.
  func claim(in tx: StoreTransaction, at now: Instant) throws
    -> (pushes: [ClaimedPush], full: Bool)
  {
    claimWrote = false
    // A sender of this host that died (SIGKILL, a crash) holds its leases no longer. What
    // it (or a sender whose lease ran out) had claimed may be in flight: that push goes
    // again as the very request it rendered, not rendered anew (issue 21: a resent push is
    // the same request, so the phone takes one of the two).
    let gone = try tx.leaseOwners().filter { $0 != owner && SenderIdentity.isGone($0) }
    let claimable = try tx.lockClaimablePushes(
      at: now, owner: owner, gone: gone, limit: Self.claimSize)
    let mine = claimable.mine
    let unanswered = claimable.takenOver
    let all = claimable.pending.map { ClaimedPush($0) }
    // Only the locked pushes past their backoff may go; the others are read to choose.
    let free = Set(
      all.filter { mine.contains($0.id) && ($0.queued.nextAttemptAt.map { $0 <= now } ?? true) }
        .map(\.id))
    // A gone sender's leases on the pushes not sent this round go back.
    var released = Set(unanswered)
    let pending = all
    var newest: [String: Int64] = [:]
    // Per activity, the newest fire waiting among its updates: a start that goes late
    // speaks it, and the update then changes the card silently (one sound per fire).
    var waitingFire: [String: PushCause] = [:]
    var heard: Set<String> = []
    for push in pending where push.isSupersedable {
      newest[push.group] = push.id
      if let cause = push.payload?.alertingCause, cause.isFire { waitingFire[push.group] = cause }
    }
    var chosen: [ClaimedPush] = []
    var carried: [String: PushCause] = [:]
    // Read once for the round: every start goes to the same push-to-start tokens, every
    // backup alert to the same device tokens.
    var startTokens: [PushToken]?
    var deviceTokens: [PushToken]?
    var lives = LiveActivities()
    // Every locked push's sends in one query, not one per push; the new ones written in one.
    let sendsByPush = try tx.sends(pushIDs: mine)
    var newSends: [PushSend] = []
    // Pushes that expired or were superseded, ended in one statement (re-scores supersede
    // each other by the dozen).
    var ended: [PushEnding] = []
    // The update tokens of the runs whose updates are locked, in one query, not one per push.
    let updateTokens = try tx.activityTokens(
      runIDs: Set(
        pending.filter { mine.contains($0.id) && $0.isSupersedable }.map(\.queued.entry.runID)))
    let nowSeconds = now.unixMilliseconds / 1000
    for var push in pending {
      let id = push.id
      // Another sender's push (locked by its claim, or leased): only read, to choose.
      guard mine.contains(id) else { continue }
      if push.expiration < nowSeconds {
        ended.append(PushEnding(id: id, state: .expired, reason: push.queued.reason))
        claimWrote = true
        continue
      }
      if push.isSupersedable, newest[push.group] != id {
        if let alert = push.payload?.alertingCause { carried[push.group] = alert }
        ended.append(PushEnding(id: id, state: .superseded))
        claimWrote = true
        continue
      }
      if push.isSupersedable, var payload = push.payload {
        if heard.contains(push.group), payload.carriesFire {
          payload.silenced = true
        } else if let alert = carried[push.group], payload.alertingCause == nil {
          payload.carriedAlert = alert
        }
        if payload != push.payload { try keep(&push, payload, tx) }
      }
      let runID = push.queued.entry.runID
      if push.isSupersedable, push.payload?.cause == .activityRetired {
        // Renewal without a gap: the old card goes only once its successor's start was
        // answered 200; a refused start keeps it (docs/live-activity.md §4.2).
        let old = push.queued.entry.draft.activity
        switch try lives.start(runID, old + 1, tx)?.state {
        case .pending?: continue
        case .failed?, .expired?, .superseded?:
          try tx.finishPush(
            id, state: .failed,
            reason: "activity \(old + 1)'s start was refused: activity \(old) stays", at: now)
          claimWrote = true
          continue
        case .sent?, nil: break
        }
      }
      let address = try lives.address(push, tx)
      push.address = address.activity
      guard push.queued.nextAttemptAt.map({ $0 <= now }) ?? true else { continue }
      let tokens: [PushToken]
      if push.isStart {
        tokens = try startTokens ?? tx.pushToStartTokens()
        startTokens = tokens
      } else if push.isAlert {
        tokens = try deviceTokens ?? tx.deviceTokens()
        deviceTokens = tokens
      } else {
        tokens = updateTokens[ActivityKey(runID: runID, activity: address.activity)] ?? []
      }
      if push.isSupersedable, var payload = push.payload, payload.carriesFire,
        address.refused || tokens.isEmpty
      {
        // No live activity accepted a push: the fire goes as an ordinary alert too, and
        // the card's update (if it ever goes) stays silent.
        if try BackupAlert.queue(
          for: payload, runID: runID, at: now, apnsID: UUID().uuidString.lowercased(), tx: tx)
        {
          backupsQueued = true
          claimWrote = true
          payload.silenced = true
          try keep(&push, payload, tx)
        }
      }
      push.sends = sendsByPush[id] ?? []
      let known = Set(push.sends.map(\.token))
      let firstOfPush = known.isEmpty
      for (n, token) in tokens.enumerated() where !known.contains(token.token) {
        let apnsID = n == 0 && firstOfPush ? push.apnsID : nil
        let send = PushSend(
          pushID: id, token: token.token,
          apnsID: apnsID ?? UUID().uuidString.lowercased(), sandbox: token.sandbox,
          state: .pending)
        newSends.append(send)
        claimWrote = true
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
          claimWrote = true
        }
        continue
      }
      if push.isSupersedable, var payload = push.payload, payload.carriesFire,
        !payload.soundless,
        let earlier = try lives.recentAlert(
          runID, address.activity, since: now - OutboxPush.soundGap, tx)
      {
        // One sound per moment: a second fire within 2 s updates the card quietly, its
        // alert naming both timers.
        payload.carriedAlert = earlier
        payload.soundless = true
        try keep(&push, payload, tx)
      }
      if push.isStart, var payload = push.payload, let fire = waitingFire[push.group],
        !heard.contains(push.group), free.contains(id)
      {
        payload.carriedAlert = fire
        try keep(&push, payload, tx)
        heard.insert(push.group)
      }
      chosen.append(push)
    }
    try tx.finishPushes(ended, at: now)
    try tx.addSends(newSends)
    chosen = chosen.filter { free.contains($0.id) }
    try tx.lease(chosen.map(\.id), owner: owner, until: now + Self.leaseLength)
    released.subtract(chosen.map(\.id))
    for holder in gone where !released.isEmpty {
      try tx.releasePushes(released.sorted(), owner: holder)
    }
    if !chosen.isEmpty || !released.isEmpty { claimWrote = true }
    var rendered: [ClaimedPush] = []
    // Per token, the priority-10 pushes it has had this hour, counting this round's.
    var used: [String: Int] = [:]
    // Each run read once for the round, however many of its pushes go (no run changes in
    // this transaction).
    var runs: [String: Run?] = [:]
    // The device's running order, read once for the round when a push needs it.
    var ranking: RelevanceRanking?
    // The active ones read together (one query); any other is read when rendered.
    for run in try tx.activeRuns(ids: Set(chosen.map(\.queued.entry.runID))) {
      runs[run.id] = .some(run)
    }
    let stamps = try takeTimestamps(chosen, unanswered: unanswered, at: now, runs: &runs, tx)
    // What each push carries as it goes, written in one statement after the round's renderings.
    var renderings: [PushRenderingRecord] = []
    for push in chosen {
      guard
        var push = try render(
          push, at: now, resendingAsRendered: unanswered.contains(push.id),
          timestamp: stamps[push.id], runs: &runs, ranking: &ranking, renderings: &renderings,
          tx)
      else { continue }
      if let payload = push.payload {
        for send in push.sends where send.state == .pending {
          let count =
            try used[send.token]
            ?? tx.priorityTenSends(token: send.token, since: now - PriorityBudget.window)
          let (priority, reason) = priorityBudget.priority(of: payload, used: count)
          push.priorities[send.token] = (priority.rawValue, reason)
          used[send.token] = count + (priority == .immediately ? 1 : 0)
        }
      }
      rendered.append(push)
    }
    try tx.recordRenderings(renderings)
    return (rendered, mine.count >= Self.claimSize)
  }

  /// Stores `payload` as the push's own (in its row and in memory).
  private func keep(_ push: inout ClaimedPush, _ payload: OutboxPush, _ tx: StoreTransaction)
    throws
  {
    let blob = payload.encoded()
    try tx.replacePayload(push.id, payload: blob)
    claimWrote = true
    push.payload = payload
    push.queued.entry.draft.payload = blob
  }

  /// `push` rendered for this attempt at `now`, the rendering recorded in its row; `nil`
  /// when no body can be made (the push fails with the reason). `resendingAsRendered`: its
  /// last rendering may be in flight (its sender died or its lease ran out unanswered), so
  /// it goes again as recorded — same body, headers, timestamp and `apns-id` — if that
  /// rendering is at most ``resendWindow`` old and its `stale-date` not past; an older one
  /// is rendered anew (then it would show the phone a state long gone), with new
  /// `apns-id`s for its tokens.
  ///
  /// `timestamp`: the activity's next, taken for it (``takeTimestamps(_:unanswered:at:runs:_:)``);
  /// the rendering is added to `renderings`, for the caller to record.
  private func render(
    _ push: ClaimedPush, at now: Instant, resendingAsRendered: Bool, timestamp: Int64?,
    runs: inout [String: Run?], ranking: inout RelevanceRanking?,
    renderings: inout [PushRenderingRecord], _ tx: StoreTransaction
  ) throws -> ClaimedPush? {
    var push = push
    let recorded = push.queued.entry.draft
    if goesAsRecorded(push, resendingAsRendered: resendingAsRendered, at: now) {
      // The recorded headers as they went (a start's capped `apns-expiration` included),
      // the body as stored; the per-token `apns-id`s are the sends' own.
      let apnsID = push.apnsID
      let headers = try? JSONDecoder().decode(
        [String: String].self, from: Data(recorded.headers.utf8))
      push.take(headers: headers ?? [:])
      push.apnsID = apnsID
      return push
    }
    let made: RenderedPush
    do {
      // The payload decoded at the claim, not decoded again.
      made = try PushRendering.render(
        push.queued.entry, at: now, take: true, timestampActivity: push.address,
        payload: push.payload, timestamp: timestamp, runs: &runs, ranking: &ranking, tx: tx)
    } catch let error as ActivityError {
      try tx.finishPush(push.id, state: .failed, reason: "\(error)", at: now)
      log("\(push.name) failed: \(error)")
      return nil
    }
    guard let request = made.request else {
      // Sent as stored (a row from before payloads, or its run is gone): its own headers.
      push.take(storedHeaders: push.queued.entry.draft.headers)
      return push
    }
    if resendingAsRendered {
      // Its last request may have gone, and this one differs (too old or stale to go
      // again as it was): another notification, under apns-ids of its own, so no apns-id
      // is answered 200 with two bodies (the fault test: a PostgreSQL restart cut the
      // record of a 200, and the retry came after the first body's stale date).
      for n in push.sends.indices where push.sends[n].state == .pending {
        let fresh = UUID().uuidString.lowercased()
        try tx.renewSendID(pushID: push.id, token: push.sends[n].token, apnsID: fresh)
        push.sends[n].apnsID = fresh
      }
    }
    let draft = made.entry.draft
    renderings.append(
      PushRenderingRecord(
        id: push.id, body: draft.body, headers: draft.headers, timestamp: draft.timestamp))
    push.queued.entry = made.entry
    push.body = request.body
    let apnsID = push.apnsID
    // The rendered headers as they are, not decoded back from the JSON just made of them.
    push.take(headers: request.headers)
    push.apnsID = apnsID
    return push
  }
}

extension PushSender {
  /// Whether `push` goes again as its recorded rendering (``render``'s `resendingAsRendered`):
  /// that rendering is at most ``resendWindow`` old and its `stale-date` not past.
  func goesAsRecorded(_ push: ClaimedPush, resendingAsRendered: Bool, at now: Instant) -> Bool {
    let recorded = push.queued.entry.draft
    return resendingAsRendered && push.payload != nil
      && now.unixMilliseconds - recorded.timestamp * 1000 <= Self.resendWindow
      && !Self.isStale(body: recorded.body, at: now)
  }

  /// The next APNs timestamp of each push of `chosen` that is rendered anew (a Live Activity
  /// push with a payload and a stored run, not going as recorded), by push id: taken
  /// together, one statement for the round instead of one per push, in the order the pushes
  /// go (two of one activity take two, rising). Reads into `runs` any run not read yet.
  func takeTimestamps(
    _ chosen: [ClaimedPush], unanswered: Set<Int64>, at now: Instant,
    runs: inout [String: Run?], _ tx: StoreTransaction
  ) throws -> [Int64: Int64] {
    var takers: [Int64] = []
    var activities: [(runID: String, activity: Int)] = []
    for push in chosen {
      guard let payload = push.payload, payload.kind != .alert,
        !goesAsRecorded(push, resendingAsRendered: unanswered.contains(push.id), at: now)
      else { continue }
      let runID = push.queued.entry.runID
      if runs[runID] == nil { runs[runID] = .some(try tx.run(id: runID)) }
      guard case .some(.some) = runs[runID] else { continue }
      takers.append(push.id)
      activities.append((runID, push.address ?? payload.activity))
    }
    guard !activities.isEmpty else { return [:] }
    return Dictionary(
      uniqueKeysWithValues: zip(takers, try tx.nextPushTimestamps(activities, now: now)))
  }

  /// How old (ms) a rendering may be and still go again unchanged after its sender died.
  static let resendWindow: Int64 = 60_000

  /// Whether a body's `aps.stale-date` (Unix seconds) lies before `now`.
  static func isStale(body: String, at now: Instant) -> Bool {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
      let aps = object["aps"] as? [String: Any],
      let stale = (aps["stale-date"] as? NSNumber)?.int64Value
    else { return false }
    return stale * 1000 < now.unixMilliseconds
  }
}

/// Which activity of a run lives, by APNs' answers rather than by what was queued: an
/// activity started to replace another lives once its start was answered 200; until then
/// (and for good when the start was refused) the one it replaces keeps getting its updates
/// (docs/live-activity.md §4.2; LoopFollow PRs 539/625 keep the old activity until the new
/// start is confirmed). Memoized for one claim.
struct LiveActivities {
  private var starts: [String: QueuedPush?] = [:]

  /// The newest start of `activity` of `run`.
  mutating func start(_ run: String, _ activity: Int, _ tx: StoreTransaction) throws
    -> QueuedPush?
  {
    let key = "\(run)#\(activity)"
    if let known = starts[key] { return known }
    let found = try tx.startPush(runID: run, activity: activity)
    starts[key] = .some(found)
    return found
  }

  /// The fire alert the Live Activity path delivered to `activity` of `run` after `since`,
  /// if any.
  func recentAlert(_ run: String, _ activity: Int, since: Instant, _ tx: StoreTransaction)
    throws -> PushCause?
  {
    try tx.sentPushes(runID: run, since: since).compactMap { sent -> PushCause? in
      guard sent.entry.draft.activity == activity,
        let payload = OutboxPush.decoded(sent.entry.draft.payload),
        payload.kind == .liveActivity, payload.event != .start
      else { return nil }
      return payload.alertingCause.flatMap { $0.isFire ? $0 : nil }
    }.last
  }

  /// The activity whose tokens `push` goes to, and whether its own activity's start was
  /// refused (then no live activity of the run is known to have accepted a push since).
  mutating func address(_ push: ClaimedPush, _ tx: StoreTransaction) throws
    -> (activity: Int, refused: Bool)
  {
    let activity = push.queued.entry.draft.activity
    guard push.isSupersedable, activity > 1,
      let start = try start(push.queued.entry.runID, activity, tx),
      OutboxPush.decoded(start.entry.draft.payload)?.cause == .activityReplaced
    else { return (activity, false) }
    switch start.state {
    case .sent: return (activity, false)
    case .pending: return (activity - 1, false)
    case .failed, .expired, .superseded: return (activity - 1, true)
    }
  }
}
