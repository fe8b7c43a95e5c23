import Foundation

/// The kitchen page as `cooktimer serve` sends it at `GET /`: its weight beside the
/// 100 KB budget (raw, and gzipped by the `gzip` command, since the bench links no zlib),
/// the time to a first run card and a first countdown in headless Chromium on loopback, and
/// the tab's CPU with 10 runs live (issue 22: under 5 % of one core).
enum KitchenPageFigures {
  static func weight(_ options: Options) throws -> [Figure] {
    let server = try ServeProcess()
    defer { server.stop() }
    let (status, page) = try Loopback.request(port: server.port, "GET", "/")
    guard status == 200, page.count > 1_000 else { throw BenchError("GET / answered \(status)") }
    let kilobytes = Double(page.count) / 1_000
    var figures = [
      Figure(name: "kitchen page size", value: kilobytes, unit: "KB")
        .target(.below(100, "KB", kilobytes))
    ]
    if let gzipped = try gzipSize(page, in: server.folder) {
      figures.append(
        Figure(name: "kitchen page size, gzip -9", value: Double(gzipped) / 1_000, unit: "KB"))
    }
    return figures
  }

  /// The size of `bytes` through `gzip -9`, or nil when there is no gzip.
  private static func gzipSize(_ bytes: [UInt8], in folder: Fixtures.ScratchFolder) throws -> Int? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip") else { return nil }
    let page = folder.path + "/page.html"
    try Data(bytes).write(to: URL(fileURLWithPath: page))
    let output = folder.path + "/page.html.gz"
    let (status, _) = try Spawn.run(
      "/usr/bin/gzip", ["-9", "-c", page], environment: [:], output: output)
    guard status == 0 else { throw BenchError("gzip exited with \(status)") }
    let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int
    return size
  }

  /// Runs `Tests/KitchenPage/first_render.py` (Selenium, in the browser tests' venv) against
  /// a server holding one run; it prints `first-contentful-paint MS` and `first-card MS`.
  static func firstRender(_ options: Options) throws -> [Figure] {
    let values = try pageScript(
      "first_render.py", recipes: ["overnight-bread"],
      argument: options.pick(full: 10, quick: 3))
    guard let paint = values["first-contentful-paint"], let card = values["first-card"],
      let countdown = values["first-countdown"]
    else {
      throw BenchError("first_render.py printed no figures")
    }
    return [
      Figure(name: "kitchen page first contentful paint median", value: paint, unit: "ms"),
      Figure(name: "kitchen page first run card median", value: card, unit: "ms"),
      Figure(name: "kitchen page first countdown median", value: countdown, unit: "ms"),
    ]
  }

  /// Runs `Tests/KitchenPage/tab_cpu.py` against a server holding 10 runs: the page's
  /// main-thread task time (DevTools `Performance.getMetrics` `TaskDuration`) over 60 s
  /// (15 s quick), as a share of one core.
  static func tabCPU(_ options: Options) throws -> [Figure] {
    let seconds = options.pick(full: 60, quick: 15)
    let values = try pageScript(
      "tab_cpu.py", recipes: Array(repeating: "spaghetti", count: 10), argument: seconds)
    guard let cpu = values["tab-cpu"] else { throw BenchError("tab_cpu.py printed no figure") }
    return [
      Figure(name: "kitchen page tab CPU, 10 runs over \(seconds) s", value: cpu, unit: "%")
        .target(.below(5, "%", cpu))
    ]
  }

  /// Runs the browser script `Tests/KitchenPage/NAME` (in the browser tests' venv) with the
  /// page's address and `argument`, against a server that started `recipes`; the `NAME VALUE`
  /// lines it prints.
  private static func pageScript(_ name: String, recipes: [String], argument: Int) throws
    -> [String: Double]
  {
    let here = FileManager.default.currentDirectoryPath
    let python = here + "/.build/test-venv-page/bin/python"
    guard FileManager.default.isExecutableFile(atPath: python),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
    else {
      throw BenchError("needs chromium and the venv (bash Tests/KitchenPage/venv.sh)")
    }
    let server = try ServeProcess()
    defer { server.stop() }
    for recipe in recipes { _ = try server.startRun(recipe) }
    let output = server.folder.path + "/\(name).txt"
    let (status, _) = try Spawn.run(
      python,
      [here + "/Tests/KitchenPage/" + name, "http://127.0.0.1:\(server.port)/", String(argument)],
      environment: ["PATH": "/usr/bin:/bin", "HOME": server.folder.path], output: output)
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let last = text.split(separator: "\n").last.map(String.init) ?? ""
      throw BenchError("\(name) exited with \(status): \(last)")
    }
    var values: [String: Double] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
    }
    return values
  }
}
