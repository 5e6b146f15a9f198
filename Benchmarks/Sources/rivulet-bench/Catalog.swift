import Harness
import SQLiteGRDBBenchmarks
import SQLiteRawBenchmarks
import StreamsBenchmarks
import TUIBenchmarks

/// The note printed where Rivulet's side of a benchmark needs an API that is not in the package.
let notAvailable = "not available yet"

/// Every benchmark, in the order they run and print.
func catalog() -> [Benchmark] {
    streamsBenchmarks() + [
        Benchmark(
            "sqlite.insert", unit: "ms", isHeavy: true,
            [
                Contestant(
                    "rivulet",
                    note: "not available yet: no public API inserts many todos in one transaction"),
                Contestant("grdb", GRDBSQLite.insert),
                Contestant("raw", RawSQLite.insert),
            ]),
        Benchmark(
            "sqlite.fetch", unit: "ms",
            [
                Contestant("rivulet", note: notAvailable),
                Contestant("grdb", GRDBSQLite.makeFetch()),
                Contestant("raw", RawSQLite.makeFetch()),
            ]),
        Benchmark(
            "sqlite.observe", unit: "µs",
            [
                Contestant("rivulet", note: notAvailable),
                Contestant("grdb", GRDBSQLite.observe),
                Contestant("raw", RawSQLite.observe),
            ]),
        Benchmark(
            "sqlite.observe_slow_query", unit: "ms", isHeavy: true,
            [
                Contestant("rivulet", note: notAvailable),
                Contestant("grdb", GRDBSQLite.makeObserveSlowQuery()),
                Contestant("raw", RawSQLite.makeWriteFloor()),
            ]),
        Benchmark(
            "sqlite.crossprocess", unit: "ms",
            [
                Contestant("rivulet", note: notAvailable),
                Contestant("grdb", note: "n/a: GRDB does not observe commits made by other processes"),
            ]),
    ] + tuiBenchmarks()
}
