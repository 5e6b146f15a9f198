import Foundation
import Testing

// End-to-end, on the wall clock: several workers run the built `rivulet` binary (`add`, `done`,
// `rm`) against one database at once, and half of the commands are killed with SIGKILL at a
// random moment. Afterwards every write a command reported done must be there, nothing
// reported failed (or killed) may have half happened, and the file must pass
// `PRAGMA integrity_check`.
//
// RIVULET_CRASH_KILLS sets how many kills each run waits for (default 50; Scripts/crash-soak.sh
// runs 1,000), RIVULET_CRASH_WORKERS how many processes write at once (default 3), and
// RIVULET_CRASH_SEED replays the choices of a failed run, whose seed every failure prints.

private let environment = ProcessInfo.processInfo.environment
private let targetKills = environment["RIVULET_CRASH_KILLS"].flatMap { Int($0) } ?? 50
private let workerCount = max(3, environment["RIVULET_CRASH_WORKERS"].flatMap { Int($0) } ?? 3)

/// A database made by the binary at `path` (welcome list included), what it holds, and how
/// long a command takes on this machine (the median of a few runs).
private func prepareDatabase(at path: String) throws -> (baseline: [ListedTodo], seconds: Double) {
    var durations: [Double] = []
    var listed: [ListedTodo] = []
    for _ in 0..<3 {
        let outcome = try ChildProcess.rivulet(["--db", path, "list", "--json"])
        guard outcome.termination == .exited(0) else { throw ListedTodo.ParseError(text: outcome.error) }
        listed = try ListedTodo.parse(outcome.output)
        durations.append(outcome.seconds)
    }
    return (listed, durations.sorted()[1])
}

/// What one crash run did.
private struct CrashRun: Sendable {
    let seed: UInt64
    let workers: [CrashWorker]
    let kills: Int
    let seconds: Double

    var reportedWrites: Int { workers.reduce(0) { $0 + $1.reportedWrites } }
    var reportedFailures: Int { workers.reduce(0) { $0 + $1.reportedFailures } }

    var failureMessages: [String] { workers.flatMap(\.failureMessages) }

    var summary: String {
        let failures = failureMessages.isEmpty ? "" : "; failures: \(failureMessages.prefix(3))"
        return "seed \(seed) (RIVULET_CRASH_SEED=\(seed) replays it): \(workers.count) workers, \(kills) kills, "
            + "\(reportedWrites) writes reported done, \(reportedFailures) reported failed, "
            + String(format: "%.1f s", seconds) + failures
    }
}

/// Runs the workers against `database` until `targetKills` kills have landed (or a generous
/// deadline passes) and waits for all of them.
private func runWorkers(database: String, typicalSeconds: Double) -> CrashRun {
    let seed = SeededGenerator.seed(from: "RIVULET_CRASH_SEED")
    let budget = CrashBudget(targetKills: targetKills, seconds: max(60, Double(targetKills) * 1.5))
    let workers = (0..<workerCount).map {
        CrashWorker(index: $0 + 1, database: database, seed: seed, typicalSeconds: typicalSeconds)
    }
    let start = Date()
    let group = DispatchGroup()
    for worker in workers {
        group.enter()
        Thread {
            worker.run(budget: budget)
            group.leave()
        }.start()
    }
    group.wait()
    return CrashRun(
        seed: seed, workers: workers, kills: budget.kills.load(ordering: .relaxed),
        seconds: Date().timeIntervalSince(start))
}

/// Lists the database with the binary.
private func listAll(_ database: String) throws -> [ListedTodo] {
    let outcome = try ChildProcess.rivulet(["--db", database, "list", "--json"])
    guard outcome.termination == .exited(0) else { throw ListedTodo.ParseError(text: outcome.error) }
    return try ListedTodo.parse(outcome.output)
}

/// Checks everything a crash run promises: enough kills, every report honoured, a sound file.
private func expectDurable(
    _ run: CrashRun, database: String, baseline: [ListedTodo], sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [ListedTodo] {
    print("crash durability: \(run.summary)")
    #expect(run.kills >= targetKills, "too few kills landed before the deadline; \(run.summary)")
    #expect(run.reportedWrites >= 20, "too few writes reported done to check; \(run.summary)")
    let (listed, integrity) = try await onOwnThread {
        (try listAll(database), try SQLiteShell.integrityCheck(database))
    }
    let problems = crashDiscrepancies(workers: run.workers, baseline: baseline, now: listed)
    #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))\n\(run.summary)")
    #expect(integrity == ["ok"], "integrity_check: \(integrity.prefix(5)); \(run.summary)")
    return listed
}

extension LongEndToEndSuites {
    @Suite(.enabled(if: SQLiteShell.isAvailable), .serialized)
    struct CrashDurabilityTests {
        @Test func everyReportedWriteSurvivesWorkersKilledAtRandomMoments() async throws {
            let folder = try TemporaryFolder()
            let database = folder.file("crash.sqlite")
            let (baseline, seconds) = try await onOwnThread { try prepareDatabase(at: database) }
            let run = try await onOwnThread { runWorkers(database: database, typicalSeconds: seconds) }
            _ = try await expectDurable(run, database: database, baseline: baseline)
        }

        @Test(.enabled(if: AppOnDatabase.isAvailable))
        func theAppOpenDuringTheKillsShowsTheFinalStateAndKeepsItsTerminal() async throws {
            let folder = try TemporaryFolder()
            let database = folder.file("crash.sqlite")
            let (baseline, seconds) = try await onOwnThread { try prepareDatabase(at: database) }
            let app = try AppOnDatabase(database: database)
            defer { app.session.close() }
            let opened = try await onOwnThread { try app.openTodos() }
            #expect(opened, "the todo list never appeared:\n\((try? app.session.screen()) ?? "")")
            let run = try await onOwnThread { runWorkers(database: database, typicalSeconds: seconds) }
            let listed = try await expectDurable(run, database: database, baseline: baseline)

            let expected = listed.map {
                AppOnDatabase.Row(title: $0.title, isCompleted: $0.isCompleted, isSelected: false)
            }
            let activeCount = listed.filter { !$0.isCompleted }.count
            let (screen, shown) = try await onOwnThread {
                try app.session.waitFor(timeout: 5) { screen in
                    let rows = AppOnDatabase.rows(on: screen).map {
                        AppOnDatabase.Row(title: $0.title, isCompleted: $0.isCompleted, isSelected: false)
                    }
                    return !rows.isEmpty && rows == Array(expected.prefix(rows.count))
                        && (rows.count == expected.count || rows.count >= 30)
                        && AppOnDatabase.itemsLeft(on: screen) == activeCount
                }
            }
            #expect(shown, "the app does not show the final state (\(activeCount) left):\n\(screen)\n\(run.summary)")

            let (moved, responded) = try await onOwnThread {
                try app.session.send("j")
                return try app.session.waitFor { AppOnDatabase.rows(on: $0).dropFirst().first?.isSelected == true }
            }
            #expect(responded, "the app stopped answering keys:\n\(moved)")
            let (exited, alternateScreenOff) = try await onOwnThread { try app.quitFromTodos() }
            #expect(exited, "q did not quit:\n\((try? app.session.screen()) ?? "")")
            #expect(alternateScreenOff)
        }
    }
}
