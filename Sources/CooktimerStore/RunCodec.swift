import CooktimerCore
import Foundation

/// The `runs` row of a run: the whole value in its stored form (``StoredRun``), sorted keys (so the same run always
/// writes the same bytes), plus the columns queries filter and sort on.
enum RunCodec {
  /// `active`, `finished` or `stopped`, as in the `status` column.
  static func statusName(_ status: RunStatus) -> String {
    switch status {
    case .active: return "active"
    case .finished: return "finished"
    case .stopped: return "stopped"
    }
  }

  static func encode(_ run: Run, path: String) throws(StoreError) -> String {
    try encodeValue(StoredRun(run), path: path)
  }

  /// The columns every query of runs selects: the run, its shared recipe snapshot if any,
  /// and its acknowledgement (a column of its own: acknowledging changes no run state).
  static let selection =
    "SELECT runs.run_json, runs.recipe_key, recipes.json, runs.acknowledged_ms FROM runs "
    + "LEFT JOIN recipes ON recipes.key = runs.recipe_key "

  /// A run from a row of ``selection``.
  static func decode(row: DatabaseStatement, path: String) throws(StoreError) -> Run {
    var run = try decode(row.text(0), path: path)
    if !row.isNull(1), !row.isNull(2) {
      run.recipe = try RecipeCache.shared.recipe(key: row.text(1), json: row.text(2), path: path)
    }
    run.acknowledgedUntil = row.optionalInstant(3)
    return run
  }

  /// The run's JSON without its recipe's steps (kept in `recipes`), the recipe's JSON and
  /// its key: FNV-1a 64 of the JSON, with its length.
  static func split(_ run: Run, path: String) throws(StoreError) -> (
    run: String, recipe: String, key: String
  ) {
    var bare = run
    bare.recipe = Recipe(title: run.recipe.title, steps: [])
    let recipe = try encodeValue(StoredRecipe(run.recipe), path: path)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in recipe.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let key = String(hash, radix: 16) + "-" + String(recipe.utf8.count)
    return (try encode(bare, path: path), recipe, key)
  }

  /// Its own encoder, not the wire one (`WireJSON`, which the store does not depend on):
  /// stored bytes must stay as they are whatever the wire format comes to need.
  private static func encodeValue<T: Encodable>(_ value: T, path: String) throws(StoreError)
    -> String
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw StoreError(kind: .other, path: path, detail: "a \(T.self) could not be encoded")
    }
  }

  static func decode(_ json: String, path: String) throws(StoreError) -> Run {
    if let run = RunCache.shared.run(json) { return run }
    do {
      let run = try JSONDecoder().decode(StoredRun.self, from: Data(json.utf8)).run
      RunCache.shared.keep(run, for: json)
      return run
    } catch {
      throw StoreError(kind: .corrupt, path: path, detail: "a stored run does not decode")
    }
  }
}
