import Harness
import RequestsBenchmarks
import SQLiteGRDBBenchmarks
import SQLiteRawBenchmarks
import SQLiteRivuletBenchmarks
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
                Contestant("rivulet", RivuletSQLite.insert),
                Contestant("grdb", GRDBSQLite.insert),
                Contestant("raw", RawSQLite.insert),
            ]),
        Benchmark(
            "sqlite.fetch", unit: "ms",
            [
                Contestant("rivulet", RivuletSQLite.makeFetch()),
                Contestant("grdb", GRDBSQLite.makeFetch()),
                Contestant("raw", RawSQLite.makeFetch()),
                Contestant("app", RivuletTodos.fetchWindow),
            ]),
        Benchmark(
            "sqlite.observe", unit: "µs",
            [
                Contestant("rivulet", RivuletSQLite.observe),
                Contestant("grdb", GRDBSQLite.observe),
                Contestant("raw", RawSQLite.observe),
            ]),
        Benchmark(
            "sqlite.observe_slow_query", unit: "ms", isHeavy: true,
            [
                Contestant("rivulet", RivuletSQLite.makeObserveSlowQuery()),
                Contestant("grdb", GRDBSQLite.makeObserveSlowQuery()),
                Contestant("raw", RawSQLite.makeWriteFloor()),
            ]),
        Benchmark(
            "sqlite.crossprocess", unit: "ms",
            [
                Contestant("rivulet", RivuletCrossProcess.measure),
                Contestant("grdb", note: "n/a: GRDB does not observe commits made by other processes"),
            ]),
        Benchmark(
            "sqlite.window_search", unit: "ms", isHeavy: true,
            [
                Contestant("rivulet", RivuletWindows.search),
                Contestant("schema6") {
                    try RivuletWindows.prepare()
                    return try RawWindows.search(path: try RivuletDatabase.path(), rows: RivuletWindows.rows)
                },
            ]),
        Benchmark(
            "sqlite.window_deep", unit: "ms", isHeavy: true,
            [
                Contestant("rivulet", RivuletWindows.deep),
                Contestant("schema6") {
                    try RivuletWindows.prepare()
                    return try RawWindows.deep(path: try RivuletDatabase.path(), rows: RivuletWindows.rows)
                },
            ]),
    ] + tuiBenchmarks() + [
        Benchmark(
            "requests.loopback", unit: "ms",
            [
                Contestant("rivulet", RequestsBenchmarks.rivulet),
                Contestant("urlsession", RequestsBenchmarks.urlsession),
            ])
    ]
}
