import CooktimerCore
import CooktimerService

extension CommandContext {
  /// `add DURATION [WORD]`: WORD is the RUN when a run has that id (as before TIMER was
  /// allowed, so scripts keep working), else a TIMER of the only active run (`add 2m Nudeln`).
  /// A word that is neither is named as both (exit 66, as "no run" was): with one run
  /// active it was most likely a timer not reached yet (`add 2 min Nudeln` in step 1).
  func addTime(_ ms: Int64, runOrTimer word: String?) throws -> Output {
    guard let word, try !service().runExists(word) else {
      return try changeCommand(word, .add(milliseconds: ms))
    }
    do {
      return try changeCommand(nil, .add(milliseconds: ms, timer: TimerReference(word)))
    } catch ServiceError.noSuchTimer {
      throw CLIError.notFound(
        "no timer \"\(word)\" in the run's current step, and no run with that id; "
          + "`status` lists the timers and runs")
    } catch ServiceError.noActiveRun {
      throw ServiceError.noSuchRun(word)
    }
  }

}
