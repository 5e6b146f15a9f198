/// ARCHITECTURE.md's table of who may import whom, as data the tests check every source file
/// against.
enum LayerRules {
    /// System modules most layers may use.
    static let system: Set<String> = ["Foundation", "Synchronization", "Dispatch", "Glibc", "Musl", "Darwin"]

    /// What each target under `Sources/` may import. A target missing here fails the test, so a
    /// new target has to take its place in the table.
    static let allowedImports: [String: Set<String>] = [
        // The library floor: reusable, never the app.
        "Streams": ["Synchronization", "Dispatch"],
        "StreamsTesting": system.union(["Streams", "Testing", "XCTest"]),
        "CSQLite": [],
        "CCurl": [],
        "SQLiteProvider": system.union(["Streams", "CSQLite"]),
        "Requests": system.union(["Streams", "FoundationNetworking", "CCurl"]),
        // Links no test framework: the app's fake environment runs on it.
        "RequestsTesting": system.union(["Streams", "Requests", "FoundationNetworking"]),
        "FeedParsing": system.union(["FoundationXML"]),
        "Coordination": system.union(["Streams"]),
        "TerminalUI": system.union(["Streams", "Coordination"]),
        // The app.
        "Domain": system,
        "BaseServices": system.union([
            "Streams", "Domain", "SQLiteProvider", "Requests", "RequestsTesting", "FeedParsing", "FoundationNetworking",
            "FoundationXML",
        ]),
        "_BaseServicesWriter": system.union(["Streams", "BaseServices", "SQLiteProvider"]),
        "SceneServices": system.union(["Streams", "Domain", "BaseServices"]),
        "SceneServicesMocks": system.union(["Streams", "StreamsTesting", "Domain", "SceneServices", "Testing"]),
        "ViewModels": system.union(["Streams", "Domain", "SceneServices"]),
        "RivuletApp": system.union([
            "Streams", "Domain", "BaseServices", "SceneServices", "ViewModels", "Coordination", "TerminalUI",
            "FeedParsing",
        ]),
    ]

    /// The reusable libraries: none of them may import a module of the app.
    static let libraries: Set<String> = [
        "Streams", "StreamsTesting", "CSQLite", "CCurl", "SQLiteProvider", "Requests", "RequestsTesting", "FeedParsing",
        "Coordination", "TerminalUI",
    ]

    /// The modules of the app, which no library may import.
    static let appModules: Set<String> = [
        "Domain", "BaseServices", "_BaseServicesWriter", "SceneServices", "SceneServicesMocks", "ViewModels",
        "RivuletApp",
        "rivulet",
    ]

    /// Targets that may import anything: the composition root.
    static let unrestricted: Set<String> = ["rivulet"]

    /// Imports that must be `internal` (or narrower) in a target, so their types stay out of its
    /// public API.
    static let internalOnly: [String: Set<String>] = ["SceneServices": ["BaseServices"]]
}
