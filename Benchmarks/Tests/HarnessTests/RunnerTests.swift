import Testing

@testable import Harness

@Test func summaryTakesTheMedianOfAnOddNumberOfRuns() {
    let summary = Summary([Sample(5), Sample(1), Sample(3)])
    #expect(summary.median == 3)
    #expect(summary.min == 1)
    #expect(summary.max == 5)
    #expect(summary.runs == 3)
}

@Test func summaryAveragesTheTwoMiddleRunsOfAnEvenNumber() {
    #expect(Summary([Sample(4), Sample(1), Sample(2), Sample(10)]).median == 3)
}

@Test func summaryTakesTheMedianOfEachExtra() {
    let summary = Summary([
        Sample(1, extras: [("p99", 9)]), Sample(1, extras: [("p99", 7)]), Sample(1, extras: [("p99", 8)]),
    ])
    #expect(summary.extras.map(\.0) == ["p99"])
    #expect(summary.extras.first?.1 == 8)
}

@Test func runInterleavesContestantsAndDropsWarmups() {
    let counter = Counter()
    let benchmark = Benchmark(
        "test.counting", unit: "n",
        [
            Contestant("a") {
                counter.value += 1
                return Sample(Double(counter.value))
            },
            Contestant("b", note: "not here"),
        ])
    let results = run(benchmark, options: RunOptions(runs: 3, warmups: 2, prefixes: []))
    #expect(counter.value == 5)
    #expect(results.map(\.subject) == ["a", "b"])
    #expect(results[0].summary?.runs == 3)
    #expect(results[0].summary?.min == 3)
    #expect(results[1].summary == nil)
    #expect(results[1].note == "not here")
}

@Test func aContestantThatThrowsIsReportedAsFailedWithoutFigures() {
    let benchmark = Benchmark(
        "test.failing", unit: "n", [Contestant("a") { throw BenchmarkFailure("checksum off") }])
    let result = run(benchmark, options: RunOptions(runs: 2, warmups: 0, prefixes: []))[0]
    #expect(result.summary == nil)
    #expect(result.note == "failed: checksum off")
}

@Test func filterSelectsByPrefix() {
    let options = RunOptions(runs: 1, warmups: 0, prefixes: ["streams.", "sqlite.observe"])
    #expect(options.selects("streams.chain"))
    #expect(options.selects("sqlite.observe_slow_query"))
    #expect(!options.selects("sqlite.fetch"))
    #expect(RunOptions(runs: 1, warmups: 0, prefixes: []).selects("anything"))
}

@Test func subjectFilterKeepsOnlyTheNamedSubjects() {
    let benchmark = Benchmark(
        "test.subjects", unit: "n", [Contestant("a") { Sample(1) }, Contestant("b") { Sample(2) }])
    let results = run(benchmark, options: RunOptions(runs: 1, warmups: 0, prefixes: [], subjects: ["b"]))
    #expect(results.map(\.subject) == ["b"])
}
