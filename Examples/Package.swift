// swift-tools-version: 6.0
import PackageDescription

// A habit tracker built from Rivulet's libraries alone, the way your own app would be.
// RIVULET_WARNINGS_AS_ERRORS=1 (set by CI) makes warnings errors here as in Rivulet itself.
let settings: [SwiftSetting] =
    [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ] + (Context.environment["RIVULET_WARNINGS_AS_ERRORS"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : [])

let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Rivulet", path: "..")],
    targets: [
        // Everything but the terminal: schema, base services, scene services, view models,
        // navigation. It knows no terminal, so any front end (a test, a GUI) can drive it.
        .target(
            name: "Habits",
            dependencies: [
                .product(name: "Streams", package: "Rivulet"),
                .product(name: "SQLiteProvider", package: "Rivulet"),
                .product(name: "Requests", package: "Rivulet"),
                .product(name: "Coordination", package: "Rivulet"),
            ],
            swiftSettings: settings
        ),
        // The terminal front end: screens drawn from view-model state, keys turned into inputs.
        .target(
            name: "HabitsTerminal",
            dependencies: [
                "Habits",
                .product(name: "Streams", package: "Rivulet"),
                .product(name: "Coordination", package: "Rivulet"),
                .product(name: "TerminalUI", package: "Rivulet"),
            ],
            swiftSettings: settings
        ),
        // The composition root: configures the base services once and runs the terminal app.
        // RequestsTesting answers `--demo-server`'s requests from memory.
        .executableTarget(
            name: "habits",
            dependencies: [
                "Habits", "HabitsTerminal",
                .product(name: "Streams", package: "Rivulet"),
                .product(name: "Requests", package: "Rivulet"),
                .product(name: "RequestsTesting", package: "Rivulet"),
                .product(name: "TerminalUI", package: "Rivulet"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "HabitsTests",
            dependencies: [
                "Habits",
                .product(name: "Streams", package: "Rivulet"),
                .product(name: "StreamsTesting", package: "Rivulet"),
                .product(name: "SQLiteProvider", package: "Rivulet"),
                .product(name: "Requests", package: "Rivulet"),
                .product(name: "RequestsTesting", package: "Rivulet"),
                .product(name: "Coordination", package: "Rivulet"),
            ],
            swiftSettings: settings
        ),
        .testTarget(
            name: "HabitsTerminalTests",
            dependencies: [
                "Habits", "HabitsTerminal",
                .product(name: "TerminalUI", package: "Rivulet"),
            ],
            swiftSettings: settings
        ),
    ]
)
