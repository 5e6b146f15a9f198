import Coordination
import SceneServices
import Testing

@testable import RivuletApp

@Test(arguments: ["empty", "many", "offline", "slow-network", "broken-feed"])
func scenarioIsFoundByItsCommandLineName(_ name: String) {
    #expect(Scenario(named: name)?.rawValue == name)
}

@Test func scenarioUnknownNameIsNil() {
    #expect(Scenario(named: "slow_network") == nil)
}

@Test(arguments: Scenario.allCases)
func scenarioAlwaysRunsFakeAndInMemory(_ scenario: Scenario) {
    #expect(scenario.servicesConfiguration.environment == .fake)
    #expect(scenario.servicesConfiguration.database == .inMemory)
}

@Test func scenarioEmptyStartsWithNoData() {
    #expect(Scenario.empty.servicesConfiguration.content == .empty)
}

@Test func scenarioManyStartsWithOneHundredThousandTodos() {
    #expect(Scenario.many.servicesConfiguration.content == .manyTodos(100_000))
}

@Test func scenarioOfflineHasNoNetworkButKeepsItsData() {
    #expect(Scenario.offline.servicesConfiguration.network == .offline)
    #expect(Scenario.offline.servicesConfiguration.content == .asStored)
}

@Test func scenarioSlowNetworkDelaysTheFakeNetwork() {
    #expect(Scenario.slowNetwork.servicesConfiguration.network == .slow(milliseconds: 1500))
}

@Test func scenarioBrokenFeedAddsAFeedThatFails() {
    #expect(Scenario.brokenFeed.servicesConfiguration.content == .brokenFeed)
}
