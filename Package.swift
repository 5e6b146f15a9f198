// swift-tools-version: 6.0
import PackageDescription

// CI sets RIVULET_WARNINGS_AS_ERRORS=1 for every step, so that its warnings-as-errors build and
// `swift test` compile with the same flags and share one build. Without it a warning stays a
// warning, and a package that depends on Rivulet never sees the flag.
let warningsAsErrors: [SwiftSetting] =
    Context.environment["RIVULET_WARNINGS_AS_ERRORS"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

let strictSettings: [SwiftSetting] =
    [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ] + warningsAsErrors

// The repository's own fuzzing and benchmark packages (Fuzz/, Benchmarks/) exercise the app's
// command-line parser and base services, and a package reaches another's modules only through
// products. Their scripts set RIVULET_IN_REPOSITORY_TOOLS=1; nothing else sees these products.
let inRepositoryToolProducts: [Product] =
    Context.environment["RIVULET_IN_REPOSITORY_TOOLS"] == "1"
    ? [
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "BaseServices", targets: ["BaseServices"]),
        .library(name: "RivuletApp", targets: ["RivuletApp"]),
    ] : []

// The test targets with no concurrency of ours to check: the end-to-end runs of the built binary,
// the pure modules (feed parsing, the domain rules) and the architecture and mock checks. CI's
// thread-sanitizer run leaves them out, and with RIVULET_SANITIZED_TESTS_ONLY=1 (set by .ci/run for
// that run's build alone) they are left out of its build too: compiling them with the sanitizer's
// instrumentation only to skip them cost about a minute of CPU on the loop's longest path.
let testTargetsWithoutConcurrency: Set<String> =
    Context.environment["RIVULET_SANITIZED_TESTS_ONLY"] == "1"
    ? ["RivuletEndToEndTests", "FeedParsingTests", "DomainTests", "ArchitectureTests", "SceneServicesMocksTests"]
    : []

let package = Package(
    name: "Rivulet",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Streams", targets: ["Streams"]),
        .library(name: "StreamsTesting", targets: ["StreamsTesting"]),
        .library(name: "SQLiteProvider", targets: ["SQLiteProvider"]),
        .library(name: "Requests", targets: ["Requests"]),
        .library(name: "RequestsTesting", targets: ["RequestsTesting"]),
        .library(name: "FeedParsing", targets: ["FeedParsing"]),
        .library(name: "Coordination", targets: ["Coordination"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        // The app: its modules are not products; what they share is `package`.
        .executable(name: "rivulet", targets: ["rivulet"]),
    ] + inRepositoryToolProducts,
    targets: [
        .target(name: "Streams", swiftSettings: strictSettings),
        .target(name: "StreamsTesting", dependencies: ["Streams"], swiftSettings: strictSettings),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "SQLiteProvider", dependencies: ["Streams", "CSQLite"], swiftSettings: strictSettings),
        // libcurl carries requests on Linux; Apple platforms use Foundation's URLSession.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(
            name: "Requests",
            dependencies: ["Streams", .target(name: "CCurl", condition: .when(platforms: [.linux]))],
            swiftSettings: strictSettings
        ),
        // Stubbed routes, delays on a scheduler and recorded requests, over Requests' transport
        // seam. It links no test framework, so an app's fake environment may use it too.
        .target(name: "RequestsTesting", dependencies: ["Requests", "Streams"], swiftSettings: strictSettings),
        .target(name: "FeedParsing", swiftSettings: strictSettings),
        .target(name: "Coordination", dependencies: ["Streams"], swiftSettings: strictSettings),
        .target(name: "TerminalUI", dependencies: ["Streams", "Coordination"], swiftSettings: strictSettings),
        // ---- the app ----
        .target(name: "Domain", swiftSettings: strictSettings),
        .target(
            name: "BaseServices",
            dependencies: ["Streams", "Domain", "SQLiteProvider", "Requests", "RequestsTesting", "FeedParsing"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SceneServices", dependencies: ["Streams", "Domain", "BaseServices"], swiftSettings: strictSettings),
        .target(
            name: "SceneServicesMocks",
            dependencies: ["Streams", "StreamsTesting", "Domain", "SceneServices"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ViewModels", dependencies: ["Streams", "Domain", "SceneServices"], swiftSettings: strictSettings),
        .target(
            name: "RivuletApp",
            dependencies: [
                "Streams", "Domain", "BaseServices", "SceneServices", "ViewModels", "Coordination", "TerminalUI",
                "FeedParsing",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "rivulet", dependencies: ["RivuletApp"], swiftSettings: strictSettings),
        // Test-only: a child process that writes through the base services, for the
        // cross-process and crash tests. No product target depends on it.
        .executableTarget(
            name: "_BaseServicesWriter",
            dependencies: ["BaseServices", "Streams"],
            swiftSettings: strictSettings
        ),
        // Test-only: a small HTTP server on loopback for the request layer's tests.
        .target(
            name: "HTTPTestServer",
            dependencies: ["Requests", "Streams"],
            path: "Tests/Support/HTTPTestServer",
            swiftSettings: strictSettings
        ),
        // Test-only: what several test targets share: the sanitizer check, the thread CPU clock,
        // the folder for test files, a recorder of what an observable sends from any thread, and
        // the lanes that run the long serialized suites beside the parallel tests.
        .target(
            name: "TestMeasures", dependencies: ["Streams", "StreamsTesting"], path: "Tests/Support/TestMeasures",
            swiftSettings: strictSettings),
        .testTarget(
            name: "StreamsTests",
            dependencies: ["Streams", "StreamsTesting", "TestMeasures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StreamsTestingTests",
            dependencies: ["Streams", "StreamsTesting", "TestMeasures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BaseServicesTests",
            dependencies: [
                "BaseServices", "Domain", "SQLiteProvider", "Requests", "RequestsTesting", "FeedParsing", "Streams",
                "StreamsTesting",
                "CSQLite",
                "_BaseServicesWriter", "HTTPTestServer", "TestMeasures",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SQLiteProviderTests",
            dependencies: ["SQLiteProvider", "Streams", "StreamsTesting", "CSQLite", "TestMeasures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RequestsTests",
            dependencies: ["Requests", "Streams", "StreamsTesting", "HTTPTestServer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RequestsTestingTests",
            dependencies: ["RequestsTesting", "Requests", "Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FeedParsingTests", dependencies: ["FeedParsing", "StreamsTesting", "TestMeasures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "CoordinationTests",
            dependencies: ["Coordination", "Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "DomainTests", dependencies: ["Domain"], swiftSettings: strictSettings),
        .testTarget(
            name: "SceneServicesTests",
            dependencies: [
                "SceneServices", "Domain", "BaseServices", "SQLiteProvider", "RequestsTesting", "Streams",
                "StreamsTesting",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneServicesMocksTests",
            dependencies: ["SceneServicesMocks", "SceneServices", "Domain", "Streams", "StreamsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ViewModelsTests",
            dependencies: [
                "ViewModels", "Domain", "SceneServices", "SceneServicesMocks", "Streams", "StreamsTesting",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RivuletAppTests",
            dependencies: [
                "RivuletApp", "Coordination", "TerminalUI", "Domain", "ViewModels", "SceneServices",
                "SceneServicesMocks",
                "Streams", "StreamsTesting", "TestMeasures",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ArchitectureTests", swiftSettings: strictSettings),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "Coordination", "Streams", "StreamsTesting", "TestMeasures"],
            exclude: ["Views/__Snapshots__"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RivuletEndToEndTests",
            dependencies: ["rivulet", "HTTPTestServer", "TestMeasures"],
            swiftSettings: strictSettings
        ),
    ]
)

package.targets.removeAll { $0.type == .test && testTargetsWithoutConcurrency.contains($0.name) }
