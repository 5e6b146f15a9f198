import BaseServices
import Domain
import Foundation
import SceneServices

/// The composition root's decisions from the command line's options: where the database is,
/// how the services start, and when the app reloads the feeds.
enum Composition {
    /// The database the options name: `--db`, else `RIVULET_DB`, else the per-user default.
    static func database(
        options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ServicesConfiguration.Database {
        if let path = options.databasePath { return .file(path) }
        if let path = environment["RIVULET_DB"], !path.isEmpty { return .file(path) }
        return .standard
    }

    /// The launch the options describe: the environment (production by default), the scenario
    /// (the parser has already refused an unknown one), and the database.
    static func launchConfiguration(
        options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LaunchConfiguration {
        LaunchConfiguration(
            environment: options.environment ?? .production, scenario: options.scenario.flatMap(Scenario.init(named:)),
            database: database(options: options, environment: environment))
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
        options: GlobalOptions, settings: AppSettings = AppSettings(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        warn: (String) -> Void = { Output.error($0) }
    ) -> FeedReload {
        var plan = FeedReload.every(minutes: FeedReload.defaultMinutes)
        var isGiven = false
        if let minutes = options.reloadMinutes {
            (plan, isGiven) = (.every(minutes: minutes), true)
        } else if let text = environment["RIVULET_RELOAD_MINUTES"], !text.isEmpty, let minutes = reloadMinutes(text) {
            (plan, isGiven) = (.every(minutes: minutes), true)
        } else {
            if let text = environment["RIVULET_RELOAD_MINUTES"], !text.isEmpty {
                warn(
                    "rivulet: RIVULET_RELOAD_MINUTES is '\(text)', not whole minutes from 0 to \(longestReloadMinutes); "
                        + "using the default")
            }
            if let minutes = settings.refreshEveryMinutes {
                (plan, isGiven) = (.every(minutes: minutes), true)
            }
        }
        // Whether to fetch at start is the settings' word; `refresh-every = 0` with it fetches once.
        if let atStart = settings.refreshOnStart {
            plan.atStart = atStart
            isGiven = true
        }
        let isFake = options.scenario != nil || options.environment == .fake
        return isFake && !isGiven ? .never : plan
    }

    /// Where the settings file is: `$XDG_CONFIG_HOME/rivulet/config`, else
    /// `~/.config/rivulet/config`.
    static func settingsPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/rivulet/config" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/rivulet/config"
    }

    /// The settings file's settings (none when there is no file), and a sentence for each
    /// problem in it, naming the line: the app starts with the rest.
    static func settings(at path: String) -> (settings: AppSettings, problems: [String]) {
        guard FileManager.default.fileExists(atPath: path) else { return (AppSettings(), []) }
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1_000_000 else {
            return (
                AppSettings(), ["it cannot be read (a settings file is a text file under 1 MB), so no setting is used."]
            )
        }
        return AppSettings.parse(String(decoding: data, as: UTF8.self))
    }

    /// The settings file's mistakes as the app says them at start: how many were skipped, each
    /// one, then the file; `nil` when there is none.
    static func settingsNote(path: String, problems: [String]) -> String? {
        guard !problems.isEmpty else { return nil }
        // The mistakes first and the path last: a status line cuts what does not fit, and the
        // whole list was printed on the terminal, where it shows once the app is left.
        let lead =
            problems.count == 1
            ? "Skipped a mistake of the settings file"
            : "Skipped \(problems.count) mistakes of the settings file (all on the terminal after you quit)"
        return "\(lead): " + problems.joined(separator: " ") + " The file: \(path)"
    }

    /// `error` as one line of a command's message.
    static func message(_ error: SceneError) -> String {
        error.message.replacingOccurrences(of: "\n", with: " ")
    }
}

extension Composition {
    /// A reason the app cannot start, with its exit status.
    struct StartFailure: Error {
        let message: String
        let status: Int32
    }

    /// Starts the services, once per process, for the app and every command alike: the one
    /// path from the options to the ``Services`` the app's scenes and the commands work
    /// through. A command that `onlyReads` can use a database file it may not write.
    static func startServices(
        options: GlobalOptions, onlyReads: Bool = false, settings: AppSettings = AppSettings()
    ) -> Result<Services, StartFailure> {
        var configuration = launchConfiguration(options: options).servicesConfiguration
        configuration.readsOnlyWhenReadOnly = onlyReads
        configuration.browser = settings.browser
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        configuration.downloadFolder = settings.downloadFolder.map { DownloadFolder.expanded($0, home: home) }
        do {
            return .success(try ServicesBootstrap.start(configuration))
        } catch {
            return .failure(StartFailure(message: message(error) + environmentNote(options), status: Rivulet.failure))
        }
    }

    /// "; the path came from RIVULET_DB" when the environment, out of sight, named the database
    /// a message is about, else nothing.
    static func environmentNote(_ options: GlobalOptions) -> String {
        options.databasePath == nil && database(options: options) != .standard ? "; the path came from RIVULET_DB" : ""
    }
}

/// A command that ran and failed: the one line to print on standard error.
struct CommandFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
