import Domain
import Foundation
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

@Test func standardPathPrefersXDGDataHome() {
    let path = DatabaseLocation.standardPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
    #expect(path == "/data/rivulet/rivulet.sqlite")
}

@Test func standardPathFallsBackToTheHomeFolder() {
    #expect(
        DatabaseLocation.standardPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/rivulet/rivulet.sqlite"
    )
    #expect(
        DatabaseLocation.standardPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
            == "/h/.local/share/rivulet/rivulet.sqlite")
    #expect(DatabaseLocation.standardPath(environment: [:]) == nil)
}

@Test func aNewDatabaseFileStartsWithTheWelcomeListOnlyOnce() throws {
    let folder = TemporaryFolder()
    let configuration = BaseServicesConfiguration(database: .file(folder.file()), environment: .production)
    let (context, report) = try BaseServicesRegistry.open(configuration)
    #expect(report.wasCreated)
    #expect(report.path == folder.file())
    #expect(try context.database.int("SELECT count(*) FROM todos") == Int64(Fixtures.welcomeTodos.count))
    context.database.close()
    let (again, secondReport) = try BaseServicesRegistry.open(configuration)
    #expect(!secondReport.wasCreated)
    #expect(try again.database.int("SELECT count(*) FROM todos") == Int64(Fixtures.welcomeTodos.count))
}

@Test func anEmptyFileIsANewDatabaseAndGetsTheWelcomeList() throws {
    // As `touch` makes one, or a first start stopped before its first transaction leaves it.
    let folder = TemporaryFolder()
    #expect(FileManager.default.createFile(atPath: folder.file(), contents: Data()))
    let configuration = BaseServicesConfiguration(database: .file(folder.file()), environment: .production)
    let (context, report) = try BaseServicesRegistry.open(configuration)
    defer { context.database.close() }
    #expect(report.wasCreated)
    #expect(try context.database.int("SELECT count(*) FROM todos") == Int64(Fixtures.welcomeTodos.count))
}

@Test func theStandardLocationCreatesItsFoldersForTheOwnerOnly() throws {
    let folder = TemporaryFolder()
    let configuration = BaseServicesConfiguration(database: .standard, environment: .production)
    let (_, report) = try BaseServicesRegistry.open(configuration, processEnvironment: ["XDG_DATA_HOME": folder.path])
    #expect(report.path == folder.path + "/rivulet/rivulet.sqlite")
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/rivulet")
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
}

@Test func theFakeEnvironmentIsInMemoryWithTodosAndASampleFeed() throws {
    let folder = TemporaryFolder()
    let configuration = BaseServicesConfiguration(database: .file(folder.file()), environment: .fake)
    let (context, report) = try BaseServicesRegistry.open(configuration)
    #expect(report.path == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.file()))
    #expect(try context.database.int("SELECT count(*) FROM todos") == Int64(Fixtures.welcomeTodos.count))
    #expect(try context.database.int("SELECT count(*) FROM feed_items") == Int64(Fixtures.sampleItems.count))
}

@Test func theDevelopmentEnvironmentSyncsAtCheckpointsOnly() throws {
    let folder = TemporaryFolder()
    let configuration = BaseServicesConfiguration(database: .file(folder.file()), environment: .development)
    let (context, _) = try BaseServicesRegistry.open(configuration)
    let synchronous = try context.database.write { (db) throws(DatabaseError) in try db.fetchInt("PRAGMA synchronous") }
    #expect(synchronous == 1)
}

@Test func configuringAnUnusableLocationReportsTheDatabaseError() throws {
    let configuration = BaseServicesConfiguration(
        database: .file("/nonexistent-folder/x.sqlite"), environment: .production)
    #expect { _ = try BaseServicesRegistry.open(configuration) } throws: {
        ($0 as? DatabaseError)?.kind == .folderMissing
    }
}

@Test func configuringTwiceIsAnErrorAndTheSharedServicesWork() async {
    await inOwnProcess(expecting: .success) {
        let configuration = BaseServicesConfiguration(database: .inMemory, environment: .fake)
        guard (try? configureBaseServices(configuration)) != nil else { exit(1) }
        do throws(DatabaseError) {
            try configureBaseServices(configuration)
            exit(2)
        } catch {
            guard error.kind == .alreadyConfigured else { exit(3) }
        }
        guard (try? value(TodosBaseService.shared.fetchWindow(TodoQuery())))?.todos.count == 5 else { exit(4) }
        guard (try? value(FeedsBaseService.shared.fetchFeeds()))?.count == 1 else { exit(5) }
        exit(0)
    }
}

@Test func usingASharedServiceBeforeConfiguringStopsWithAMessage() async {
    await inOwnProcess(expecting: .failure) {
        _ = TodosBaseService.shared
    }
}

@Test func aDataFolderThatIsAFileIsExplainedInWords() throws {
    let folder = TemporaryFolder()
    let dataHome = folder.file("data-home")
    #expect(FileManager.default.createFile(atPath: dataHome, contents: Data()))
    let configuration = BaseServicesConfiguration(database: .standard, environment: .production)
    #expect {
        _ = try BaseServicesRegistry.open(configuration, processEnvironment: ["XDG_DATA_HOME": dataHome])
    } throws: { error in
        guard let error = error as? DatabaseError else { return false }
        return error.message.contains(dataHome) && error.message.contains(";")
            && !error.message.contains("Domain") && !error.message.contains("error 512")
            && error.message.contains("not a folder")
            && error.message.contains("XDG_DATA_HOME")
    }
    #expect(FileManager.default.contents(atPath: dataHome) == Data())
}
