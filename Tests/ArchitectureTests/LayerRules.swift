/// ARCHITECTURE.md's table of who may import whom, as data the tests check every source file
/// against.
enum LayerRules {
    /// System modules most layers may use.
    static let system: Set<String> = ["Foundation", "Synchronization", "Dispatch", "Glibc", "Musl", "Darwin"]

    /// What each target under `Sources/` may import. A target missing here fails the test, so a
    /// new target has to take its place in the table.
    static let allowedImports: [String: Set<String>] = [
        "Streams": ["Synchronization", "Dispatch"],
        "StreamsTesting": system.union(["Streams", "Testing", "XCTest"]),
        "CSQLite": [],
        "BaseServices": system.union(["Streams", "CSQLite", "FoundationNetworking", "FoundationXML"]),
        "_BaseServicesWriter": system.union(["Streams", "BaseServices"]),
        "SceneServices": system.union(["Streams", "BaseServices"]),
        "SceneServicesMocks": system.union(["Streams", "StreamsTesting", "SceneServices", "Testing"]),
        "ViewModels": system.union(["Streams", "SceneServices"]),
        "Coordinator": system.union(["Streams", "SceneServices", "ViewModels"]),
        "TerminalUI": system.union(["Streams", "ViewModels", "Coordinator"]),
    ]

    /// Targets that may import anything: the composition root.
    static let unrestricted: Set<String> = ["rivulet"]

    /// Imports that must be `internal` (or narrower) in a target, so their types stay out of its
    /// public API.
    static let internalOnly: [String: Set<String>] = ["SceneServices": ["BaseServices"]]
}
