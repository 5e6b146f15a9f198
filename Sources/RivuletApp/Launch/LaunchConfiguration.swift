package import Domain
package import SceneServices
import TerminalUI

/// What the composition root decides from its flags (`Composition.launchConfiguration(options:)`):
/// environment, scenario and database. Its ``servicesConfiguration`` is what
/// `ServicesBootstrap.start(_:)` gets, for the app and every subcommand alike.
package struct LaunchConfiguration: Sendable, Hashable {
    /// Which world (`--environment production|development|fake`).
    package var environment: AppEnvironment
    /// A pre-configured state (`--scenario NAME`), or `nil`.
    package var scenario: Scenario?
    /// Where the database lives (`--db PATH`, `RIVULET_DB`, or the default).
    package var database: ServicesConfiguration.Database

    /// Creates a launch configuration; by default production, no scenario, the standard database.
    package init(
        environment: AppEnvironment = .production, scenario: Scenario? = nil,
        database: ServicesConfiguration.Database = .standard
    ) {
        self.environment = environment
        self.scenario = scenario
        self.database = database
    }

    /// The services configuration to start with: a scenario's own (always fake, in memory),
    /// else the environment and database given; the fake environment always runs in memory.
    package var servicesConfiguration: ServicesConfiguration {
        if let scenario { return scenario.servicesConfiguration }
        return ServicesConfiguration(
            environment: environment, database: environment == .fake ? .inMemory : database)
    }
}
