import CookingTimerAttributes
import CooktimerCore

/// The static attributes of the app's Live Activity (`CookingTimerAttributes`, minus its
/// `ContentState`): set once by `start`, never changed by an update (docs/live-activity.md §1).
///
/// `runId` and `activity` let the app tell the backend which run and which activity a push
/// token belongs to (docs/delivery.md §1).
public struct CookingAttributes: Hashable, Sendable, Codable {
  /// The recipe's title.
  public var recipeName: String
  /// The run's id, as `status` shows it.
  public var runId: String
  /// The activity's number within the run: 1, then 2, 3, … across 8-hour replacements.
  public var activity: Int

  public init(recipeName: String, runId: String, activity: Int) {
    self.recipeName = recipeName
    self.runId = runId
    self.activity = activity
  }

  /// The attributes of activity `activity` of `run`.
  public init(run: Run, activity: Int) {
    self.init(
      recipeName: StepText.shortened(run.recipe.title, to: 80), runId: run.id, activity: activity)
  }
}

extension CookingAttributes {
  /// The app's `CookingTimerAttributes` of these attributes.
  public var appAttributes: CookingTimerAttributes {
    CookingTimerAttributes(recipeName: recipeName, runId: runId, activity: activity)
  }

  /// Encodes ``appAttributes``, the app's own type, so the two cannot drift.
  public func encode(to encoder: Encoder) throws {
    try appAttributes.encode(to: encoder)
  }
}
