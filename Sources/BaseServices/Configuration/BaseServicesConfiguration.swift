public import Domain
public import Foundation
public import SQLiteProvider

/// Where the database lives.
public enum DatabaseLocation: Sendable, Hashable {
    /// The file at this path. Its folder must exist; a missing file is created (mode 0600) with
    /// a welcome list.
    case file(String)
    /// The per-user default, `$XDG_DATA_HOME/rivulet/rivulet.sqlite` (else
    /// `~/.local/share/rivulet/rivulet.sqlite`); missing folders are created (mode 0700).
    case standard
    /// A private database in memory, gone when the process ends.
    case inMemory

    /// The path ``standard`` stands for, given the process environment; `nil` when neither
    /// `XDG_DATA_HOME` nor `HOME` is set.
    public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/rivulet/rivulet.sqlite"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/rivulet/rivulet.sqlite"
    }
}

/// What the composition root gives ``configureBaseServices(_:)``.
public struct BaseServicesConfiguration: Sendable, Hashable {
    /// Where the database lives.
    public var database: DatabaseLocation
    /// Which world the services run in.
    public var environment: AppEnvironment
    /// Whether a database file that exists but cannot be written (it, or its folder, is
    /// read-only) is opened for reading only instead of being refused: every write then fails
    /// with ``DatabaseError/Kind/readOnly``. For a program that only reads (a listing, an
    /// export); `false` by default, so that a program that writes learns at once.
    public var readsOnlyWhenReadOnly: Bool

    /// Creates a configuration.
    public init(database: DatabaseLocation, environment: AppEnvironment, readsOnlyWhenReadOnly: Bool = false) {
        self.database = database
        self.environment = environment
        self.readsOnlyWhenReadOnly = readsOnlyWhenReadOnly
    }
}

/// What ``configureBaseServices(_:)`` opened.
public struct ConfiguredDatabase: Sendable, Hashable {
    /// The database file, or `nil` in memory.
    public let path: String?
    /// Whether the file was created (and filled with the welcome list) just now.
    public let wasCreated: Bool
    /// The environment the services run in.
    public let environment: AppEnvironment
}

/// Opens the database and makes the shared base services ready. Call it once, from the
/// composition root, before the first use of any `shared` instance.
///
/// A database that cannot be used is reported as a ``DatabaseError`` and left as it was: a
/// missing folder (``DatabaseError/Kind/folderMissing``), a directory, a read-only file or
/// folder, a file that is not a Rivulet database or is damaged, a database from a newer
/// version. A second call fails with ``DatabaseError/Kind/alreadyConfigured``.
///
/// ```swift
/// do {
///     try configureBaseServices(BaseServicesConfiguration(database: .standard, environment: .production))
/// } catch {
///     print("rivulet: \(error.message)")
/// }
/// ```
@discardableResult
public func configureBaseServices(
    _ configuration: BaseServicesConfiguration
) throws(DatabaseError)
    -> ConfiguredDatabase
{
    try BaseServicesRegistry.configure(configuration)
}

/// Closes the configured database file, after any transaction in progress; the base services
/// fail with a "closed" error afterwards. The last connection to close checkpoints the
/// write-ahead log into the file and removes it. A process that ends with `exit` does this by
/// itself; call it before ending another way (by a signal's default action).
public func closeBaseServices() {
    BaseServicesRegistry.closeDatabase()
}
