import CooktimerActivity
import CooktimerCore
import Foundation
import Testing

/// What the phone decodes (default `JSONDecoder`, the contract's types) across a whole run.
@Suite struct RoundTripTests {
  static let names = [
    #"Mum's "best" soup"#, #"back\slash"#, "two\nlines", "salt/pepper", "🍝 Pasta 👨‍👩‍👧",
    "שקשוקה", "مقلوبة", "tab\there",
  ]

  @Test(arguments: names) func namesSurviveTheRoundTrip(name: String) throws {
    let recipe = Recipe(
      title: name,
      steps: [
        Step(text: name, timers: [TimerSpec(name: name, duration: minute)]),
        Step(text: "then " + name),
      ])
    let run = try startRun(recipe)
    let request = try PushRequest.liveActivity(
      .start, run: run, at: t0, timestamp: t0Seconds, topic: topic)
    let push = try Phone.push(request.body)
    #expect(push.aps.attributes?.recipeName == name)
    #expect(push.aps.contentState.timerName == name)
    #expect(push.aps.contentState.stepName == name)
    #expect(push.aps.contentState.nextStepName == "then " + name)
    let content = try Phone.content(try ActivityContent(run: run, at: t0).encoded())
    #expect(content.state.stepName == name)
  }

  @Test func decodedEndDatesAcrossARun() throws {
    var run = try startRun()
    var checks: [(Instant, String, Instant)] = []  // now, phase, expected endDate
    checks.append((t0, "running", t0 + 10 * minute))
    _ = try run.pause(at: t0 + minute)
    checks.append((t0 + minute, "paused", t0 + 10 * minute))
    _ = try run.add(2 * minute, at: t0 + 2 * minute)
    checks.append((t0 + 2 * minute, "paused", t0 + 12 * minute))
    _ = try run.resume(at: t0 + 5 * minute)
    checks.append((t0 + 5 * minute, "running", t0 + 16 * minute))
    checks.append((t0 + 20 * minute, "waiting", t0 + 16 * minute))
    _ = try run.next(at: t0 + 21 * minute)
    checks.append((t0 + 21 * minute, "running", t0 + 30 * minute))
    _ = try run.next(at: t0 + 22 * minute)
    _ = try run.next(at: t0 + 23 * minute)
    checks.append((t0 + 24 * minute, "finished", t0 + 23 * minute))
    // Replay on a fresh copy per check: the run at each instant is what was stored then.
    var replay = try startRun()
    for (n, (now, phase, expected)) in checks.enumerated() {
      replay = try runAt(n, from: replay)
      let content = try Phone.content(try ActivityContent(run: replay, at: now).encoded())
      #expect(content.state.phase == phase)
      #expect(content.state.endDate == expected.date)
      #expect((content.staleDate != nil) == (phase == "running"))
      for event in PushEvent.allCases {
        let body = try PushRequest.liveActivity(
          event, run: replay, at: now, timestamp: t0Seconds + Int64(n), topic: topic
        ).body
        let state = try Phone.push(body).aps.contentState
        #expect(state.endDate == expected.date)
        #expect(state == content.state)
      }
    }
  }

  /// The run of `decodedEndDatesAcrossARun` after its `n`th change.
  private func runAt(_ n: Int, from run: Run) throws -> Run {
    var run = run
    switch n {
    case 1: _ = try run.pause(at: t0 + minute)
    case 2: _ = try run.add(2 * minute, at: t0 + 2 * minute)
    case 3: _ = try run.resume(at: t0 + 5 * minute)
    case 5: _ = try run.next(at: t0 + 21 * minute)
    case 6:
      _ = try run.next(at: t0 + 22 * minute)
      _ = try run.next(at: t0 + 23 * minute)
    default: break
    }
    return run
  }

  @Test func pausedStateDecodesRemainingAndDuration() throws {
    var run = try startRun()
    _ = try run.pause(at: t0 + minute + 500)
    let state = try Phone.content(try ActivityContent(run: run, at: t0 + 2 * minute).encoded())
      .state
    #expect(state.remainingWhenPaused == 539.5)
    #expect(state.timerDuration == 600)
    #expect(state.isPaused)
    #expect(
      state.endDate.addingTimeInterval(-state.remainingWhenPaused) == (t0 + minute + 500).date)
  }
}
