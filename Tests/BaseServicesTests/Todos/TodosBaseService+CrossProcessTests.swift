import Foundation
import Streams
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// Runs the test-only writer in a loop and kills it with SIGKILL `milliseconds` after its first
/// acknowledgement; returns the todos it acknowledged (printed only after each commit returned).
private func runWriterAndKill(path: String, after milliseconds: Int) throws -> [(id: Int64, title: String)] {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: builtProductsFolder + "/_BaseServicesWriter")
    child.arguments = ["loop", path]
    let output = Pipe()
    child.standardOutput = output
    child.standardError = FileHandle.nullDevice
    try child.run()
    // The kill is timed from the first acknowledgement, not from the launch: a slow start (a
    // sanitizer build, a loaded machine) must not leave a run with nothing written.
    var data = output.fileHandleForReading.availableData
    usleep(useconds_t(milliseconds * 1000))
    kill(child.processIdentifier, SIGKILL)
    data += output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    // Only whole lines count: a line cut by the kill was never fully acknowledged.
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    return lines.compactMap { line in
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count == 3, parts[0] == "ack", let id = Int64(parts[1]) else { return nil }
        return (id, String(parts[2]))
    }
}

// Wall clock: kills a real child process at random moments, 20 times.
@Test func everyAcknowledgedWriteSurvivesSIGKILLAndTheFileStaysIntact() throws {
    let folder = TemporaryFolder()
    let path = folder.file()
    var acknowledged: [(id: Int64, title: String)] = []
    for _ in 0..<20 {
        acknowledged += try runWriterAndKill(path: path, after: Int.random(in: 0...70))
    }
    #expect(!acknowledged.isEmpty)
    let (database, created) = try SQLiteDatabase.open(path: path, options: .rivulet, migrations: Schema.migrations())
    #expect(!created)
    let integrity = try database.read { (db) throws(DatabaseError) in
        try db.fetchAll("PRAGMA integrity_check") { $0.string(at: 0) }
    }
    #expect(integrity == ["ok"])
    let stored = try database.read { (db) throws(DatabaseError) in
        Dictionary(
            try db.fetchAll("SELECT id, title FROM todos") { ($0.int64(at: 0), $0.string(at: 1)) },
            uniquingKeysWith: { first, _ in first })
    }
    let missing = acknowledged.filter { stored[$0.id] != $0.title }
    #expect(missing.isEmpty, "acknowledged but missing: \(missing.prefix(5))")
}

// Wall clock: a real child process (the test-only writer executable) commits a todo.
@Test func commitsByAnotherProcessAreDetectedWithin250Milliseconds() throws {
    let folder = TemporaryFolder()
    let path = folder.file()
    let (database, _) = try SQLiteDatabase.open(path: path, options: .rivulet, migrations: Schema.migrations())
    let recorder = Recorder(
        database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
            try db.fetchInt("SELECT count(*) FROM todos WHERE title = 'from the child'")
        })
    let child = Process()
    child.executableURL = URL(fileURLWithPath: builtProductsFolder + "/_BaseServicesWriter")
    child.arguments = ["insert", path, "from the child"]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    child.waitUntilExit()
    let exited = ContinuousClock.now
    #expect(child.terminationStatus == 0)
    #expect(recorder.wait(timeout: .milliseconds(250)) { $0.last == .success(1) })
    #expect(ContinuousClock.now - exited < .milliseconds(250))
    recorder.dispose()
}
