import Foundation
import SceneServices
import Streams
import TestMeasures
import Testing

@testable import RivuletApp

@Test func compositionDatabaseIsTheOptionThenTheEnvironmentThenTheStandardOne() {
    #expect(Composition.database(options: GlobalOptions(), environment: [:]) == .standard)
    #expect(Composition.database(options: GlobalOptions(), environment: ["RIVULET_DB": ""]) == .standard)
    #expect(
        Composition.database(options: GlobalOptions(), environment: ["RIVULET_DB": "/a.sqlite"]) == .file("/a.sqlite"))
    #expect(
        Composition.database(options: GlobalOptions(databasePath: "b.sqlite"), environment: ["RIVULET_DB": "/a.sqlite"])
            == .file("b.sqlite"))
}

@Test func compositionStartsEveryWorldFromOneLaunchConfiguration() {
    func configuration(_ options: GlobalOptions) -> ServicesConfiguration {
        Composition.launchConfiguration(options: options, environment: ["RIVULET_DB": "/a.sqlite"])
            .servicesConfiguration
    }
    #expect(
        configuration(GlobalOptions()) == ServicesConfiguration(environment: .production, database: .file("/a.sqlite")))
    #expect(
        configuration(GlobalOptions(environment: .development))
            == ServicesConfiguration(environment: .development, database: .file("/a.sqlite")))
    #expect(
        configuration(GlobalOptions(environment: .fake))
            == ServicesConfiguration(environment: .fake, database: .inMemory))
    #expect(configuration(GlobalOptions(scenario: "offline")) == Scenario.offline.servicesConfiguration)
}

// Starting the services configures the process's base services, once per process, so each
// test that starts them runs in a process of its own.

@Test func compositionStartsANewDatabaseWithTheSampleFeedBesideIt() async {
    await inOwnProcess(expecting: .success) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rivulet-start-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("rivulet.sqlite").path
        guard case .success(let services) = Composition.startServices(options: GlobalOptions(databasePath: database))
        else { exit(2) }
        let feeds = try? services.makeCommandLineService().fetchFeeds().toBlocking(timeout: 10).first()?.get()
        let sample = folder.appendingPathComponent("sample-feed.xml").path
        let started = feeds?.map(\.url) == [sample] && feeds?.first?.itemCount ?? 0 > 0
        try? FileManager.default.removeItem(at: folder)
        exit(started ? 0 : 1)
    }
}

@Test func compositionReportsADatabaseThatCannotBeUsedAsAFailure() async {
    await inOwnProcess(expecting: .success) {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("rivulet-none-\(UUID().uuidString)")
        let options = GlobalOptions(databasePath: missing.appendingPathComponent("rivulet.sqlite").path)
        guard case .failure(let failure) = Composition.startServices(options: options) else { exit(2) }
        exit(failure.status == 1 && !failure.message.isEmpty && !failure.message.contains("\n") ? 0 : 1)
    }
}

@Test func compositionStartsTheServicesOncePerProcess() async {
    await inOwnProcess(expecting: .success) {
        guard case .success = Composition.startServices(options: GlobalOptions(environment: .fake)) else { exit(2) }
        guard case .failure(let failure) = Composition.startServices(options: GlobalOptions(environment: .fake))
        else { exit(3) }
        exit(failure.message.contains("already configured") ? 0 : 1)
    }
}
