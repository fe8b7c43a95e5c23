import CooktimerCore

/// The static attributes of the app's Live Activity (`CookingTimerAttributes`, minus its
/// `ContentState`): set once by `start`, never changed by an update.
public struct CookingAttributes: Hashable, Sendable, Codable {
  /// The recipe's title.
  public var recipeName: String

  public init(recipeName: String) {
    self.recipeName = recipeName
  }

  /// The attributes of a run: its recipe's title.
  public init(run: Run) {
    self.init(recipeName: run.recipe.title)
  }
}
