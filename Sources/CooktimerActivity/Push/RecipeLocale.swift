import CooktimerCore

extension Recipe {
  /// The recipe's `locale` metadata (front matter or `>> locale:`), e.g. `de`; `nil` if none.
  var locale: String? {
    metadata.first { $0.key.lowercased() == "locale" }.map { $0.value.text }
  }
}
