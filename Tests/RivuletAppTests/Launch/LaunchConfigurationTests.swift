import Coordination
import SceneServices
import Testing

@testable import RivuletApp

@Test func launchDefaultsToProductionOnTheStandardDatabase() {
    #expect(
        LaunchConfiguration().servicesConfiguration
            == ServicesConfiguration(environment: .production, database: .standard))
}

@Test func launchKeepsTheDatabaseGivenOutsideTheFakeEnvironment() {
    let launch = LaunchConfiguration(environment: .development, database: .file("/tmp/x.sqlite"))
    #expect(launch.servicesConfiguration.database == .file("/tmp/x.sqlite"))
    #expect(launch.servicesConfiguration.environment == .development)
}

@Test func launchFakeEnvironmentRunsInMemoryWhateverTheDatabase() {
    let launch = LaunchConfiguration(environment: .fake, database: .file("/home/me/rivulet.sqlite"))
    #expect(launch.servicesConfiguration.database == .inMemory)
}

@Test func launchScenarioWinsOverEnvironmentAndDatabase() {
    let launch = LaunchConfiguration(environment: .production, scenario: .offline, database: .standard)
    #expect(launch.servicesConfiguration == Scenario.offline.servicesConfiguration)
}
