import Foundation

/// How long a one-shot `cooktimer recipes` takes, start to exit, over a tree of 1,000
/// recipe files in 40 folders two levels deep (the size of the largest real collections):
/// with the summaries `recipes` keeps of unchanged files, and with none kept.
enum RecipeListing {
  static let count = 1_000

  static func measure(_ options: Options) throws -> [Figure] {
    let binary = try Binary.cooktimer()
    let folder = try Fixtures.ScratchFolder()
    defer { folder.remove() }
    let recipes = folder.path + "/Recipes"
    for i in 0..<count {
      let sub = "\(recipes)/Course \(i % 8)/Cuisine \(i % 5)"
      try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
      try text(i).write(toFile: "\(sub)/Recipe \(i).cook", atomically: false, encoding: .utf8)
    }
    let environment = [
      "COOKTIMER_DB": folder.path + "/runs.sqlite", "COOKTIMER_RECIPES": recipes,
      "HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC",
    ]
    let output = folder.path + "/recipes.txt"
    let runs = options.pick(full: 20, quick: 5)
    var samples: [Double] = []
    for i in 0..<(runs + 2) {
      let (status, ms) = try Spawn.run(
        binary, ["recipes"], environment: environment, output: output)
      guard status == 0 else { throw BenchError("cooktimer recipes exited with \(status)") }
      if i >= 2 { samples.append(ms) }  // the first two warm the page cache
    }
    let listed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard listed.split(separator: "\n").count == count else {
      throw BenchError("cooktimer recipes did not list the \(count) recipes")
    }
    // The first listing of a folder, or after every file changed, parses them all.
    var cold: [Double] = []
    for _ in 0..<options.pick(full: 5, quick: 2) {
      try? FileManager.default.removeItem(atPath: folder.path + "/.cache")
      let (status, ms) = try Spawn.run(
        binary, ["recipes"], environment: environment, output: output)
      guard status == 0 else { throw BenchError("cooktimer recipes exited with \(status)") }
      cold.append(ms)
    }
    let median = Stats.median(samples)
    return [
      Figure(name: "recipes command median, 1,000 files", value: median, unit: "ms")
        .target(.below(150, "ms", median)),
      Figure(
        name: "recipes command p90, 1,000 files", value: Stats.percentile(samples, 90), unit: "ms"),
      Figure(
        name: "recipes command median, 1,000 files, none cached", value: Stats.median(cold),
        unit: "ms"),
    ]
  }

  /// A recipe of about 1.5 KB: front matter with a list, six steps, ingredients, timers.
  static func text(_ i: Int) -> String {
    """
    ---
    title: Recipe number \(i)
    servings: 4
    tags:
      - weeknight
      - course \(i % 8)
    description: >
      A dish that takes an afternoon
      and feeds a family.
    ---
    Bring @water{4%l} to the boil in a #large pot{} and salt it with @salt{1%tbsp}.

    Chop the @onions{2} and the @garlic{3%cloves}, then soften them in @olive oil{3%tbsp}
    for ~{5%minutes}; stir now and then so nothing catches.

    Add the @tomatoes{800%g}, @oregano{1%tsp} and a pinch of @sugar, and simmer for
    ~sauce{20-25%minutes} while the pasta cooks.

    Cook the @spaghetti{500%g} for ~pasta{9%minutes}, stirring in the first minute.

    Drain, keeping a cup of the water, and toss the pasta with the sauce; loosen it with the
    water if it looks dry.

    Serve with @parmesan{50%g} grated over, and leave it to rest for ~{2%minutes} first.

    """
  }
}
