import Foundation
import Harness
import SQLiteRawBenchmarks
import SQLiteRivuletBenchmarks

let arguments = Array(CommandLine.arguments.dropFirst())

// The other process of sqlite.crossprocess.
if arguments.first == RivuletCrossProcess.writerFlag, arguments.count == 3, let first = Int(arguments[2]) {
    exit(runCrossProcessWriter(path: arguments[1], firstIndex: first))
}

var json = false
var quick = false
var check = false
var prefixes: [String] = []
var subjects: [String] = []
var runs: Int?
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--json": json = true
    case "--quick": quick = true
    case "--check": check = true
    case "--filter":
        index += 1
        guard index < arguments.count else {
            progress("--filter needs a prefix, e.g. --filter streams.")
            exit(2)
        }
        prefixes.append(arguments[index])
    case "--subject":
        index += 1
        guard index < arguments.count else {
            progress("--subject needs a name, e.g. --subject rivulet")
            exit(2)
        }
        subjects.append(arguments[index])
    case "--runs":
        index += 1
        guard index < arguments.count, let count = Int(arguments[index]), count > 0 else {
            progress("--runs needs a positive count")
            exit(2)
        }
        runs = count
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        progress("unknown argument \(arguments[index])\n\(usage)")
        exit(2)
    }
    index += 1
}

// A check runs each benchmark once, without warm-up, at a fiftieth of its size: it proves
// that every contestant still does the work and gets the expected result, not how fast.
if check { Scale.shrink(by: 50) }
var options = RunOptions(
    runs: check ? 1 : runs ?? (quick ? 3 : 7), warmups: check ? 0 : 1, prefixes: prefixes, subjects: subjects)
options.isQuick = quick || check
// SQLite's temporary files (statement journals of big transactions) go where the databases
// are, so that no contestant's figure includes another process's disk traffic.
setenv("SQLITE_TMPDIR", SQLiteWorkload.root.path, 0)
let all = catalog()
if all.contains(where: { $0.name.hasPrefix("sqlite.") && options.selects($0.name) }) {
    do {
        try RivuletDatabase.adoptSchema()
    } catch {
        progress("cannot open Rivulet's database: \(error)")
    }
}
var results: [Result] = []
for benchmark in all where options.selects(benchmark.name) {
    let rows = run(benchmark, options: options)
    results += rows
    if json { for row in rows { print(jsonLine(row)) } }
}
SQLiteWorkload.removeAll()
let failed = results.filter(\.isFailure)
if check {
    for result in failed { print("FAILED \(result.benchmark) \(result.subject): \(result.note ?? "")") }
    let subjects = results.filter { $0.summary != nil || $0.isFailure }.count
    print(
        failed.isEmpty
            ? "check: all \(subjects) subjects of \(Set(results.map(\.benchmark)).count) benchmarks passed"
            : "check: \(failed.count) of \(subjects) subjects failed")
    exit(failed.isEmpty ? 0 : 1)
}
if !json {
    print(machineDescription())
    let skipped = quick ? " (none for the heavy sqlite.insert and sqlite.observe_slow_query)" : ""
    print("runs: \(options.warmups) warm-up\(skipped) + \(options.runs) measured per subject;")
    print("figures: median, min and max over the measured runs\n")
    print(table(results))
    print("")
    print(targetTable(results, selected: options.selects))
}
// A contestant whose checks failed has no figure; say so in the exit status too.
exit(failed.isEmpty ? 0 : 1)
