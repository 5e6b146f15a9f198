// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Rivulet",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Streams", targets: ["Streams"]),
        .library(name: "StreamsTesting", targets: ["StreamsTesting"]),
        .library(name: "BaseServices", targets: ["BaseServices"]),
        .library(name: "SceneServices", targets: ["SceneServices"]),
        .library(name: "SceneServicesMocks", targets: ["SceneServicesMocks"]),
        .library(name: "ViewModels", targets: ["ViewModels"]),
        .library(name: "Coordinator", targets: ["Coordinator"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .executable(name: "rivulet", targets: ["rivulet"]),
    ],
    targets: [
        .target(name: "Streams", swiftSettings: strictSettings),
        .target(name: "StreamsTesting", dependencies: ["Streams"], swiftSettings: strictSettings),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "BaseServices",
            dependencies: ["Streams", "CSQLite"],
            resources: [.copy("Resources/sample-feed.xml")],
            swiftSettings: strictSettings
        ),
        .target(name: "SceneServices", dependencies: ["Streams", "BaseServices"], swiftSettings: strictSettings),
        .target(
            name: "SceneServicesMocks",
            dependencies: ["Streams", "StreamsTesting", "SceneServices"],
            swiftSettings: strictSettings
        ),
        .target(name: "ViewModels", dependencies: ["Streams", "SceneServices"], swiftSettings: strictSettings),
        .target(
            name: "Coordinator",
            dependencies: ["Streams", "SceneServices", "ViewModels"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "TerminalUI", dependencies: ["Streams", "ViewModels", "Coordinator"], swiftSettings: strictSettings),
        .executableTarget(
            name: "rivulet",
            dependencies: ["Streams", "BaseServices", "SceneServices", "ViewModels", "Coordinator", "TerminalUI"],
            swiftSettings: strictSettings
        ),
        // Test-only: a child process that writes through the base services, for the
        // cross-process and crash tests. No product target depends on it.
        .executableTarget(
            name: "_BaseServicesWriter",
            dependencies: ["BaseServices", "Streams"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StreamsTests",
            dependencies: ["Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StreamsTestingTests",
            dependencies: ["Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BaseServicesTests",
            dependencies: ["BaseServices", "Streams", "StreamsTesting", "CSQLite", "_BaseServicesWriter"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneServicesTests",
            dependencies: ["SceneServices", "BaseServices", "Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneServicesMocksTests",
            dependencies: ["SceneServicesMocks", "SceneServices", "Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ViewModelsTests",
            dependencies: ["ViewModels", "SceneServices", "SceneServicesMocks", "Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CoordinatorTests",
            dependencies: [
                "Coordinator", "ViewModels", "SceneServices", "SceneServicesMocks", "Streams", "StreamsTesting",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ArchitectureTests", swiftSettings: strictSettings),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "ViewModels", "SceneServices", "SceneServicesMocks", "Streams", "StreamsTesting",
            ],
            exclude: ["Views/__Snapshots__"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RivuletEndToEndTests",
            dependencies: ["rivulet"],
            swiftSettings: strictSettings
        ),
    ]
)
