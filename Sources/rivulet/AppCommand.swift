import Coordinator
import SceneServices
import TerminalUI

/// Opens the full-screen app: configures the services, then hands the terminal to the
/// coordinator's scenes.
enum AppCommand {
    static func run(options: GlobalOptions) -> Int32 {
        let services: Services
        switch prepareServices(options: options) {
        case .success(let prepared): services = prepared
        case .failure(let failure):
            Output.error("rivulet: \(failure.message)")
            return failure.status
        }
        do {
            try TerminalApp.run { presenter, scheduler in
                let coordinator = SceneCoordinator(services: services, scheduler: scheduler, presenter: presenter)
                presenter.connect(coordinator)
                coordinator.start()
            }
        } catch {
            Output.error("rivulet: cannot use the terminal: \(error)")
            return Rivulet.failure
        }
    }

    /// A reason the app cannot start, with its exit status.
    struct StartFailure: Error {
        let message: String
        let status: Int32
    }

    /// The scene services: over the configured database, or, for `--scenario` and the fake
    /// environment, over the coordinator's launch configuration with its prepared content.
    static func prepareServices(options: GlobalOptions) -> Result<Services, StartFailure> {
        guard options.scenario != nil || options.environment == .fake else {
            do {
                try Composition.configure(options: options)
            } catch {
                return .failure(StartFailure(message: error.message, status: Rivulet.failure))
            }
            return .success(
                Services(
                    makeHomeService: { HomeService() }, makeTodoListService: { TodoListService() },
                    makeTodoEditorService: { TodoEditorService() }, makeFeedListService: { FeedListService() },
                    makeFeedItemsService: { FeedItemsService() }))
        }
        var scenario: Scenario?
        if let name = options.scenario {
            guard let named = Scenario(named: name) else {
                let known = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(
                    StartFailure(
                        message: "unknown scenario '\(name)' (known: \(known))", status: Rivulet.usage))
            }
            scenario = named
        }
        let launch = LaunchConfiguration(
            environment: environment(options.environment), scenario: scenario, database: database(options))
        do {
            return .success(try ServicesBootstrap.start(launch.servicesConfiguration))
        } catch {
            return .failure(StartFailure(message: error.message, status: Rivulet.failure))
        }
    }

    private static func environment(_ environment: LaunchEnvironment?) -> ServicesConfiguration.Environment {
        switch environment ?? .production {
        case .production: .production
        case .development: .development
        case .fake: .fake
        }
    }

    private static func database(_ options: GlobalOptions) -> ServicesConfiguration.Database {
        switch Composition.databaseLocation(options: options) {
        case .file(let path): .file(path)
        case .inMemory: .inMemory
        case .standard: .standard
        }
    }
}
