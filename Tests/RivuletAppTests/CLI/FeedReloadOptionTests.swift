import SceneServices
import Testing

@testable import RivuletApp

@Test func theReloadPlanComesFromTheOptionThenTheEnvironmentThenTheWorld() {
    let warnings = TestWarnings()
    func plan(_ options: GlobalOptions, _ environment: [String: String] = [:]) -> FeedReload {
        Composition.feedReload(options: options, environment: environment, warn: warnings.add)
    }
    #expect(plan(GlobalOptions()) == .every(minutes: 30))
    #expect(plan(GlobalOptions(environment: .fake)) == .never)
    #expect(plan(GlobalOptions(scenario: "many")) == .never)
    #expect(plan(GlobalOptions(scenario: "many", reloadMinutes: 2)) == .every(minutes: 2))
    #expect(plan(GlobalOptions(), ["RIVULET_RELOAD_MINUTES": "0"]) == .never)
    #expect(plan(GlobalOptions(reloadMinutes: 7), ["RIVULET_RELOAD_MINUTES": "0"]) == .every(minutes: 7))
    #expect(warnings.all.isEmpty)
    #expect(plan(GlobalOptions(), ["RIVULET_RELOAD_MINUTES": "soon"]) == .every(minutes: 30))
    #expect(warnings.all.count == 1 && warnings.all[0].contains("RIVULET_RELOAD_MINUTES is 'soon'"))
}

/// Collects the warnings a function under test would print.
private final class TestWarnings: @unchecked Sendable {
    // Only used from the test's own thread.
    private(set) var all: [String] = []
    func add(_ warning: String) { all.append(warning) }
}
