import CookingTimerAttributes

// ActivityKit is not on Linux: this stands in for its protocol (Apple, ActivityKit
// `ActivityAttributes`: `Decodable, Encodable`, with `associatedtype ContentState: Codable &
// Hashable`), so the app's one line compiles here against the library as the app uses it.
protocol ActivityAttributes: Codable, Hashable {
  associatedtype ContentState: Codable & Hashable
}

// The app's line, unchanged (README, "Use it from your app").
extension CookingTimerAttributes: ActivityAttributes {}
