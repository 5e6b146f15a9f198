import BaseServices
import Foundation
import TerminalUI

/// Configures the base services from the command line's options, once per process.
enum Composition {
    /// The database the options name: `--db`, else `RIVULET_DB`, else the per-user default.
    static func databaseLocation(
        options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DatabaseLocation {
        if let path = options.databasePath { return .file(path) }
        if let path = environment["RIVULET_DB"], !path.isEmpty { return .file(path) }
        return .standard
    }

    static func serviceEnvironment(_ environment: LaunchEnvironment?) -> ServiceEnvironment {
        switch environment ?? .production {
        case .production: .production
        case .development: .development
        case .fake: .fake
        }
    }

    /// Opens the database and makes the shared base services ready.
    static func configure(options: GlobalOptions) throws(CommandFailure) {
        let configuration = BaseServicesConfiguration(
            database: databaseLocation(options: options), environment: serviceEnvironment(options.environment))
        let opened: ConfiguredDatabase
        do {
            opened = try configureBaseServices(configuration)
        } catch {
            throw CommandFailure(databaseMessage(error))
        }
        if opened.wasCreated, opened.path != nil { FeedCommands.addSampleFeed() }
    }

    static func databaseMessage(_ error: DatabaseError) -> String {
        error.message.replacingOccurrences(of: "\n", with: " ")
    }
}

/// A command that ran and failed: the one line to print on standard error.
struct CommandFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
