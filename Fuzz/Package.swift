// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets, in their own package so that the product's Package.swift stays free of
// sanitizer flags. Build and run them with `Fuzz/run`: it passes `-sanitize=fuzzer,address` to
// every module, so libFuzzer sees the coverage of the parsers, not only of these harnesses.
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "RivuletFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Rivulet", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(
            name: "FuzzChecks",
            dependencies: [
                "CLibFuzzer",
                .product(name: "TerminalUI", package: "Rivulet"),
                .product(name: "StreamsTesting", package: "Rivulet"),
                .product(name: "Streams", package: "Rivulet"),
                .product(name: "BaseServices", package: "Rivulet"),
                .product(name: "FeedParsing", package: "Rivulet"),
                .product(name: "SQLiteProvider", package: "Rivulet"),
                .product(name: "RivuletApp", package: "Rivulet"),
                .product(name: "Domain", package: "Rivulet"),
            ],
            swiftSettings: settings
        ),
        .executableTarget(name: "fuzz-keys", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-marbles", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-rss", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-atom", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-jsonfeed", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-commandline", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-database", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-opml", dependencies: ["FuzzChecks"], swiftSettings: settings),
        .executableTarget(name: "fuzz-html", dependencies: ["FuzzChecks"], swiftSettings: settings),
    ]
)
