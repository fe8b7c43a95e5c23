// ActivityKit is not on Linux: this stands in for its protocol so the contract compiles here.
protocol ActivityAttributes: Codable, Hashable {
  associatedtype ContentState: Codable & Hashable
}
