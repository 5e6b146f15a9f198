import Domain
import Foundation
import SQLiteProvider
import Streams

/// The one configured context behind the `shared` base services.
enum BaseServicesRegistry {
    private static let state = SanitizerVisibleMutex<(context: ServiceContext, environment: AppEnvironment)?>(nil)

    /// Opens the configured database once and records it.
    static func configure(_ configuration: BaseServicesConfiguration) throws(DatabaseError) -> ConfiguredDatabase {
        try state.withLock { (state) throws(DatabaseError) -> ConfiguredDatabase in
            guard state == nil else {
                throw DatabaseError(
                    kind: .alreadyConfigured, message: "the base services are already configured; configure them once")
            }
            let (context, report) = try open(configuration)
            state = (context, configuration.environment)
            if report.path != nil { atexit { BaseServicesRegistry.closeDatabase() } }
            return report
        }
    }

    /// Closes the configured database file when the process ends normally (`exit`, or the end
    /// of `main`), after any transaction in progress: the last connection to close checkpoints
    /// the write-ahead log into the file and removes it, so no log is left beside the database
    /// and the next start's integrity check does not read one. A process that is killed leaves
    /// its log, which the next open recovers as usual.
    static func closeDatabase() {
        state.withLock { $0?.context }?.database.close()
    }

    /// The configured context; stops the program with a clear message when there is none,
    /// because using a base service before configuring it is a programming error.
    static func requireContext(for service: String) -> ServiceContext {
        guard let context = state.withLock({ $0?.context }) else {
            preconditionFailure(
                "\(service).shared was used before configureBaseServices(_:) was called; "
                    + "the composition root must configure the base services first")
        }
        return context
    }

    /// The environment configured, if any.
    static var environment: AppEnvironment? { state.withLock { $0?.environment } }

    /// Opens the database a configuration describes, filling a new one with fixtures.
    static func open(
        _ configuration: BaseServicesConfiguration,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(DatabaseError) -> (ServiceContext, ConfiguredDatabase) {
        var options = Schema.databaseOptions
        if configuration.environment == .development { options.synchronous = .normal }
        let migrations = Schema.migrations()
        let path: String
        switch (configuration.environment, configuration.database) {
        case (.fake, _), (_, .inMemory):
            let database = try SQLiteDatabase.openInMemory(options: options, migrations: migrations)
            let context: ServiceContext
            do {
                context = try ServiceContext.make(database: database)
                try Fixtures.fill(context, includingFeeds: configuration.environment == .fake)
            } catch {
                database.close()
                throw error
            }
            return (context, ConfiguredDatabase(path: nil, wasCreated: true, environment: configuration.environment))
        case (_, .file(let filePath)):
            path = filePath
        case (_, .standard):
            guard let standard = DatabaseLocation.standardPath(environment: processEnvironment) else {
                throw DatabaseError(
                    kind: .folderMissing, message: "neither XDG_DATA_HOME nor HOME is set; give a database path")
            }
            try createFolders(for: standard)
            path = standard
        }
        let database: SQLiteDatabase
        let created: Bool
        do {
            (database, created) = try SQLiteDatabase.open(path: path, options: options, migrations: migrations)
        } catch {
            guard error.kind == .readOnly, configuration.readsOnlyWhenReadOnly, case .regularFile = _PathStatus.of(path)
            else { throw error }
            database = try SQLiteDatabase.openReadOnly(path: path, options: options, migrations: migrations)
            created = false
        }
        let context: ServiceContext
        do {
            context = try ServiceContext.make(database: database)
            if created { try Fixtures.fill(context, includingFeeds: false) }
        } catch {
            database.close()
            throw error
        }
        return (context, ConfiguredDatabase(path: path, wasCreated: created, environment: configuration.environment))
    }

    /// Creates the folders above `path` (mode 0700) when missing, one at a time, so that a
    /// failure names the folder at fault and says why in words (Foundation's error for a data
    /// folder that is a file reads "NSCocoaErrorDomain error 512").
    static func createFolders(for path: String) throws(DatabaseError) {
        let folder = _PathStatus.folder(of: path)
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            switch _PathStatus.of(prefix) {
            case .directory:
                continue
            case .missing:
                guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else {
                    throw DatabaseError(
                        kind: .readOnly,
                        message: "cannot create the folder \(prefix) (\(_PathStatus.reason(errno))) for the database "
                            + "\(path); make its parent writable, set XDG_DATA_HOME to another folder, or give --db")
                }
            case .regularFile, .special, .danglingLink, .insideAFile:
                throw DatabaseError(
                    kind: .folderMissing,
                    message: "\(prefix) is not a folder, so the database \(path) cannot be created under it; "
                        + "remove or rename it, set XDG_DATA_HOME to a folder, or give --db")
            case .unreachable(let code):
                throw DatabaseError(
                    kind: .readOnly,
                    message: "the folder \(prefix) cannot be reached (\(_PathStatus.reason(code))); "
                        + "check its permissions, set XDG_DATA_HOME to another folder, or give --db")
            }
        }
    }
}
