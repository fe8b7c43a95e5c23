import CooktimerCore

/// One ingredient in `show --json` and `GET /v1/recipes/{name}` (docs/cli.md §4.4): what a
/// step marks with `@` (Cooklang spec "Ingredients": `@Wasser{4%l}`, `@onion{1}(diced)`).
public struct IngredientDocument: Encodable, Hashable, Sendable {
  public var name: String
  /// The amount as written (`"1 1/2"`, `"some"`), or the sum in the recipe's list; "" if none.
  public var quantity: String
  /// The unit after `%` as written; "" if none.
  public var unit: String
  /// The amount as a number where it is one (`"1 1/2"` → 1.5); absent for text or none.
  public var amount: Double?
  /// The preparation in parentheses (`(diced)`).
  public var preparation: String?

  public init(
    name: String, quantity: String, unit: String, amount: Double? = nil,
    preparation: String? = nil
  ) {
    self.name = name
    self.quantity = quantity
    self.unit = unit
    self.amount = amount
    self.preparation = preparation
  }

  /// The ingredients a step marks, in the order written.
  public static func of(_ step: CooklangStep) -> [IngredientDocument] {
    step.items.compactMap { item in
      guard item.kind == .ingredient else { return nil }
      var amount: Double?
      if case .number(let value) = item.quantity { amount = value }
      return IngredientDocument(
        name: item.value, quantity: item.quantityText, unit: item.units, amount: amount,
        preparation: item.preparation)
    }
  }

  /// The recipe's list from its steps' (docs/cli.md §4.4): in order of first use, one entry
  /// per name and unit, the numeric amounts of one name and unit added up (`quantity` is
  /// then the sum); a use without a number joins nothing and is listed unless an equal
  /// entry is. A preparation stays only where every use merged has the same one.
  public static func whole(_ steps: [[IngredientDocument]]) -> [IngredientDocument] {
    var list: [IngredientDocument] = []
    for use in steps.joined() {
      guard let amount = use.amount else {
        if !list.contains(use) { list.append(use) }
        continue
      }
      guard
        let i = list.firstIndex(where: {
          $0.name == use.name && $0.unit == use.unit && $0.amount != nil
        })
      else {
        list.append(use)
        continue
      }
      let sum = list[i].amount! + amount
      list[i].amount = sum
      list[i].quantity = numberText(sum)
      if list[i].preparation != use.preparation { list[i].preparation = nil }
    }
    return list
  }

  /// A sum as a person writes it: `750`, `1.5`, never `750.0`.
  static func numberText(_ value: Double) -> String {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
