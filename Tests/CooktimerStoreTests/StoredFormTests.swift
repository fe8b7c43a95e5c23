import CooktimerCore
import CooktimerTestSupport
import Testing

@testable import CooktimerStore

/// The stored form of runs and recipes is the store's own, and its bytes never change:
/// databases written by earlier versions must still read.
@Suite("Stored form")
struct StoredFormTests {
  @Test func aRunWritesTheSameBytesAsEver() throws {
    let json = try RunCodec.encode(Fixture.run(paused: true), path: "x")
    #expect(json == Self.pausedRun)
    #expect(try RunCodec.decode(json, path: "x") == Fixture.run(paused: true))
  }

  @Test func everyStatusHasItsTag() throws {
    for (status, tag) in [
      (RunStatus.active, "\"active\""), (.finished(at: t0), "\"finished:1795975200000\""),
      (.stopped(at: t0 + 1), "\"stopped:1795975200001\""),
    ] {
      let json = try RunCodec.encode(Fixture.run(status: status), path: "x")
      #expect(json.contains(",\(tag),"), "\(json)")
      #expect(try RunCodec.decode(json, path: "x").status == status)
    }
  }

  @Test func anUnknownTagDoesNotDecode() {
    let json = Self.pausedRun.replacingOccurrences(of: "\"waiting\"", with: "\"asleep\"")
    #expect(throws: StoreError.self) { try RunCodec.decode(json, path: "x") }
  }

  /// A step's suggested timers are an optional key: present only when it has some, so the
  /// bytes above (no suggestions) are as they were.
  @Test func suggestedTimersAreAnOptionalKeyOfTheStep() throws {
    var run = Fixture.run(paused: true)
    run.recipe.steps[1].suggested = [
      SuggestedTimer(number: 1, text: "3 to 5 minutes", duration: 180_000, upperDuration: 300_000),
      SuggestedTimer(number: 2, text: "an hour", duration: 3_600_000),
    ]
    let json = try RunCodec.encode(run, path: "x")
    #expect(
      json.contains(
        #"{"suggested":[{"duration":180000,"number":1,"text":"3 to 5 minutes","#
          + #""upperDuration":300000},{"duration":3600000,"number":2,"text":"an hour"}],"#
          + #""text":"Serve.","timers":[]}"#))
    #expect(try RunCodec.decode(json, path: "x") == run)
    #expect(
      try RunCodec.decode(Self.pausedRun, path: "x").recipe.steps.map(\.suggested) == [[], []])
  }

  static let pausedRun =
    #"["a3f",["Soft eggs / «œufs»",[{"key":"servings","value":"2"}],"#
    + #"[{"section":"Eggs","text":"Boil the eggs for 6 minutes, meanwhile toast bread.","timers":"#
    + #"[{"duration":360000,"name":"eggs","quantity":"6","start":"withStep","unit":"minutes"},"#
    + #"{"duration":120000,"name":"toast","quantity":"2-3","start":"withPrevious","unit":"min","#
    + #""upperDuration":180000},"#
    + #"{"name":"","quantity":"","start":"alternativeToPrevious","unit":""}]},"#
    + #"{"text":"Serve.","timers":[]}]],"#
    + #"true,1795975200000,0,1795975200000,"active",1795975205000,null,"#
    + #"[[0,0,"eggs",360000,0,"withStep","running:1795975560000"],"#
    + #"[0,1,"toast",120000,-30000,"withPrevious","paused:45000"],"#
    + #"[0,2,"",null,0,"alternativeToPrevious","waiting"],"#
    + #"[1,0,"a",1,0,"withStep","fired:1795975200007"],"#
    + #"[1,1,"b",2,0,"afterPrevious","skipped:1795975200008"],"#
    + #"[1,2,"c",3,0,"afterPrevious","cancelled:1795975200009"]],1795975200009]"#
}
