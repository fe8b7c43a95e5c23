// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cooktimer",
  products: [
    .library(name: "CooktimerCore", targets: ["CooktimerCore"]),
    .library(name: "CooktimerActivity", targets: ["CooktimerActivity"]),
    .executable(name: "cooktimer", targets: ["cooktimer"]),
    .executable(name: "cooktimer-bench", targets: ["cooktimer-bench"]),
  ],
  targets: [
    // Pure core: model, timer engine, durations, Cooklang parsing. No I/O, no clock.
    // libyaml reads front matter from memory only.
    .target(name: "CooktimerCore", dependencies: ["CYAML"]),
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // Live Activity wire formats (ActivityKit content, APNs requests). No networking.
    .target(name: "CooktimerActivity", dependencies: ["CooktimerCore"]),
    // The only module that imports SQLite.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "CooktimerStore", dependencies: ["CooktimerCore", "CSQLite"]),
    .systemLibrary(
      name: "CReadline",
      pkgConfig: "readline",
      providers: [.apt(["libreadline-dev"]), .brew(["readline"])]
    ),
    // Command parsing, running, printing, the REPL.
    .target(
      name: "CooktimerCLI",
      dependencies: ["CooktimerCore", "CooktimerStore", "CooktimerActivity", "CReadline"],
      // readline's API is C globals (rl_line_buffer, rl_point, hooks), which Swift 6 mode
      // rejects as shared mutable state; the REPL touches them from one thread only.
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(name: "cooktimer", dependencies: ["CooktimerCLI"]),
    .executableTarget(
      name: "cooktimer-bench",
      dependencies: ["CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerCLI"]
    ),
    .testTarget(
      name: "CooktimerCoreTests", dependencies: ["CooktimerCore"], exclude: ["Fixtures"]),
    .testTarget(name: "CooktimerStoreTests", dependencies: ["CooktimerCore", "CooktimerStore"]),
    .testTarget(
      name: "CooktimerActivityTests", dependencies: ["CooktimerCore", "CooktimerActivity"]),
    // Runs the real `cooktimer` binary (depending on it makes `swift test` build it).
    .testTarget(
      name: "CooktimerCLITests", dependencies: ["CooktimerCore", "CooktimerCLI", "cooktimer"],
      exclude: ["Fixtures"]),
  ]
)
