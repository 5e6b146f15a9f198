import BaseServices
import Coordination
import Foundation
import SceneServices
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

    /// Opens the database and makes the shared base services ready; for a command that
    /// `onlyReads`, a database file that cannot be written is opened for reading.
    static func configure(options: GlobalOptions, onlyReads: Bool = false) throws(CommandFailure) {
        let configuration = BaseServicesConfiguration(
            database: databaseLocation(options: options), environment: options.environment ?? .production,
            readsOnlyWhenReadOnly: onlyReads)
        let opened: ConfiguredDatabase
        do {
            opened = try configureBaseServices(configuration)
        } catch {
            throw CommandFailure(databaseMessage(error))
        }
        if opened.wasCreated, let path = opened.path { FeedCommands.addSampleFeed(besideDatabaseAt: path) }
    }

    /// The longest time between automatic feed reloads that `--reload` takes: a week.
    static let longestReloadMinutes = 7 * 24 * 60

    /// `text` as minutes between reloads, `nil` unless a whole number in range.
    static func reloadMinutes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let minutes = Int(trimmed),
            minutes <= longestReloadMinutes
        else { return nil }
        return minutes
    }

    /// When the app reloads the feeds by itself: `--reload`, else `RIVULET_RELOAD_MINUTES` (an
    /// unreadable value is reported and ignored), else every 30 minutes, or never in the fake
    /// environment and scenarios, whose prepared state a reload would change.
    static func feedReload(
        options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
        warn: (String) -> Void = { Output.error($0) }
    ) -> FeedReload {
        if let minutes = options.reloadMinutes { return .every(minutes: minutes) }
        if let text = environment["RIVULET_RELOAD_MINUTES"], !text.isEmpty {
            if let minutes = reloadMinutes(text) { return .every(minutes: minutes) }
            warn(
                "rivulet: RIVULET_RELOAD_MINUTES is '\(text)', not whole minutes from 0 to \(longestReloadMinutes); "
                    + "using the default")
        }
        let isFake = options.scenario != nil || options.environment == .fake
        return isFake ? .never : .every(minutes: FeedReload.defaultMinutes)
    }

    static func databaseMessage(_ error: BaseServiceError) -> String {
        error.message.replacingOccurrences(of: "\n", with: " ")
    }
}

extension Composition {
    /// A reason the app cannot start, with its exit status.
    struct StartFailure: Error {
        let message: String
        let status: Int32
    }

    /// Configures the services once for the app and the commands alike: over the configured
    /// database, or, for `--scenario` and the fake environment, as the coordinator's launch
    /// configuration says (in memory, with the scenario's content); returns the scene services.
    static func startServices(options: GlobalOptions, onlyReads: Bool = false) -> Result<Services, StartFailure> {
        guard options.scenario != nil || options.environment == .fake else {
            do {
                try Composition.configure(options: options, onlyReads: onlyReads)
            } catch {
                return .failure(StartFailure(message: error.message, status: Rivulet.failure))
            }
            return .success(
                Services(
                    makeHomeService: { HomeService() }, makeTodoListService: { TodoListService() },
                    makeTodoEditorService: { TodoEditorService() }, makeFeedListService: { FeedListService() },
                    makeFeedItemsService: { FeedItemsService() }))
        }
        // The parser has already refused an unknown scenario.
        let scenario = options.scenario.flatMap(Scenario.init(named:))
        let launch = LaunchConfiguration(
            environment: options.environment ?? .production, scenario: scenario, database: launchDatabase(options))
        do {
            return .success(try ServicesBootstrap.start(launch.servicesConfiguration))
        } catch {
            return .failure(StartFailure(message: error.message, status: Rivulet.failure))
        }
    }

    private static func launchDatabase(_ options: GlobalOptions) -> ServicesConfiguration.Database {
        switch databaseLocation(options: options) {
        case .file(let path): .file(path)
        case .inMemory: .inMemory
        case .standard: .standard
        }
    }
}

/// A command that ran and failed: the one line to print on standard error.
struct CommandFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
