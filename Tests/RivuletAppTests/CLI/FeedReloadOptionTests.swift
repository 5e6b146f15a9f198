import Domain
import Foundation
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

@Test func theSettingsFileComesAfterTheOptionAndTheEnvironment() {
    func plan(_ options: GlobalOptions, _ settings: AppSettings, _ environment: [String: String] = [:]) -> FeedReload {
        Composition.feedReload(options: options, settings: settings, environment: environment, warn: { _ in })
    }
    let hourly = AppSettings(refreshEveryMinutes: 60)
    #expect(plan(GlobalOptions(), hourly) == .every(minutes: 60))
    #expect(plan(GlobalOptions(reloadMinutes: 5), hourly) == .every(minutes: 5))
    #expect(plan(GlobalOptions(), hourly, ["RIVULET_RELOAD_MINUTES": "10"]) == .every(minutes: 10))
    #expect(plan(GlobalOptions(), hourly, ["RIVULET_RELOAD_MINUTES": "soon"]) == .every(minutes: 60))
    // Not at start: only every period.
    #expect(
        plan(GlobalOptions(), AppSettings(refreshEveryMinutes: 60, refreshOnStart: false))
            == FeedReload(period: .seconds(3_600), atStart: false))
    // At start only.
    #expect(
        plan(GlobalOptions(), AppSettings(refreshEveryMinutes: 0, refreshOnStart: true))
            == FeedReload(period: nil, atStart: true))
    #expect(plan(GlobalOptions(environment: .fake), AppSettings()) == .never)
}

@Test func theSettingsFileIsFoundWhereXDGSaysAndAMissingOneSetsNothing() throws {
    #expect(Composition.settingsPath(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/h"]) == "/cfg/rivulet/config")
    #expect(
        Composition.settingsPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
            == "/h/.config/rivulet/config")
    #expect(Composition.settingsPath(environment: ["HOME": "/h"]) == "/h/.config/rivulet/config")
    let missing = Composition.settings(at: "/nonexistent/rivulet/config")
    #expect(missing.settings == AppSettings() && missing.problems.isEmpty)
}

@Test func aSettingsFileWithABadLineNamesTheFileAndTheLineAndKeepsTheRest() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("config").path
    try Data("browser = lynx\ncolour = blue\n".utf8).write(to: URL(fileURLWithPath: path))
    let (settings, problems) = Composition.settings(at: path)
    #expect(settings.browser == "lynx")
    #expect(
        problems == [
            "line 2: there is no setting “colour”; the settings are browser, refresh-every, refresh-on-start, "
                + "download-folder, accent, bind-key."
        ]
    )
    #expect(
        Composition.settingsNote(path: path, problems: problems + ["line 3: x."])
            == "Skipped 2 mistakes of the settings file (all on the terminal after you quit): \(problems[0]) line 3: x. "
            + "The file: \(path)")
    #expect(
        Composition.settingsNote(path: path, problems: ["line 3: x."])
            == "Skipped a mistake of the settings file: line 3: x. The file: \(path)")
    #expect(Composition.settingsNote(path: path, problems: []) == nil)
}

/// Collects the warnings a function under test would print.
private final class TestWarnings: @unchecked Sendable {
    // Only used from the test's own thread.
    private(set) var all: [String] = []
    func add(_ warning: String) { all.append(warning) }
}
