// swift-tools-version: 6.0
import PackageDescription

// The benchmarks live in their own package so that the product keeps zero dependencies: the
// peers (OpenCombine, GRDB) are only ever fetched and built here.
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "RivuletBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Rivulet", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(name: "CSQLiteBench", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "Harness", swiftSettings: settings),
        .target(
            name: "StreamsBenchmarks",
            dependencies: [
                "Harness",
                .product(name: "Streams", package: "Rivulet"),
                .product(name: "StreamsTesting", package: "Rivulet"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: settings
        ),
        .target(name: "SQLiteRawBenchmarks", dependencies: ["Harness", "CSQLiteBench"], swiftSettings: settings),
        .target(
            name: "SQLiteGRDBBenchmarks",
            dependencies: ["Harness", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: settings
        ),
        .target(
            name: "SQLiteRivuletBenchmarks",
            dependencies: [
                "Harness", "SQLiteRawBenchmarks",
                .product(name: "Streams", package: "Rivulet"),
                // The provider's contestants use only this library's public API; the window
                // benchmarks and the schema every contestant shares come from the app's base
                // services.
                .product(name: "SQLiteProvider", package: "Rivulet"),
                .product(name: "BaseServices", package: "Rivulet"),
                .product(name: "Domain", package: "Rivulet"),
            ],
            swiftSettings: settings
        ),
        .target(
            name: "TUIBenchmarks",
            dependencies: ["Harness", .product(name: "TerminalUI", package: "Rivulet")],
            swiftSettings: settings
        ),
        .target(
            name: "RequestsBenchmarks",
            dependencies: ["Harness", .product(name: "Requests", package: "Rivulet")],
            swiftSettings: settings
        ),
        .testTarget(name: "HarnessTests", dependencies: ["Harness"], swiftSettings: settings),
        .executableTarget(
            name: "rivulet-bench",
            dependencies: [
                "Harness", "StreamsBenchmarks", "SQLiteRawBenchmarks", "SQLiteGRDBBenchmarks",
                "SQLiteRivuletBenchmarks",
                "TUIBenchmarks", "RequestsBenchmarks",
            ],
            swiftSettings: settings
        ),
    ]
)
