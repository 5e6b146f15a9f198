import Foundation

/// Median, minimum and maximum of one subject's samples across runs.
public struct Summary: Sendable {
    /// Median of the headline values.
    public let median: Double
    /// Smallest headline value.
    public let min: Double
    /// Largest headline value.
    public let max: Double
    /// Median of each extra, by name, in first-seen order.
    public let extras: [(String, Double)]
    /// How many measured runs the summary covers.
    public let runs: Int

    init(_ samples: [Sample]) {
        let values = samples.map(\.value).sorted()
        median = Summary.median(values)
        min = values.first ?? .nan
        max = values.last ?? .nan
        runs = samples.count
        var names: [String] = []
        for sample in samples {
            for (name, _) in sample.extras where !names.contains(name) { names.append(name) }
        }
        extras = names.map { name in
            (name, Summary.median(samples.compactMap { $0.extras.first { $0.0 == name }?.1 }.sorted()))
        }
    }

    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// What one subject of one benchmark came to.
public struct Result: Sendable {
    /// The benchmark's name.
    public let benchmark: String
    /// The subject's name.
    public let subject: String
    /// The unit of the figures.
    public let unit: String
    /// Whether a bigger figure is better.
    public let higherIsBetter: Bool
    /// The figures, when the subject ran.
    public let summary: Summary?
    /// Why there is no figure, or a remark that goes with it.
    public let note: String?

    /// Whether the subject ran and failed (a check did not hold, or it threw).
    public var isFailure: Bool { summary == nil && note?.hasPrefix(failedPrefix) == true }
}

/// How the note of a failed subject starts.
let failedPrefix = "failed: "

/// How many runs to make and which benchmarks to run.
public struct RunOptions: Sendable {
    /// Measured runs per subject (after warm-up).
    public var runs: Int
    /// Unmeasured runs per subject before the measured ones.
    public var warmups: Int
    /// Only benchmarks whose name starts with one of these run (all when empty).
    public var prefixes: [String]
    /// Only these subjects run (all when empty).
    public var subjects: [String]
    /// Whether heavy benchmarks skip their warm-up (the `--quick` mode).
    public var isQuick = false

    /// Options for a run.
    public init(runs: Int, warmups: Int, prefixes: [String], subjects: [String] = []) {
        self.runs = runs
        self.warmups = warmups
        self.prefixes = prefixes
        self.subjects = subjects
    }

    /// Whether the benchmark named `name` is selected.
    public func selects(_ name: String) -> Bool {
        prefixes.isEmpty || prefixes.contains { name.hasPrefix($0) }
    }
}

/// Prints progress to standard error, so standard output stays a clean table or JSON Lines.
public func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs one benchmark: warm-up runs, then measured runs with the contestants interleaved and
/// their order rotated each run, so slow phases of a noisy machine fall on every subject alike.
public func run(_ benchmark: Benchmark, options: RunOptions) -> [Result] {
    let runnable = benchmark.contestants.indices.filter {
        guard case .run = benchmark.contestants[$0].kind else { return false }
        return options.subjects.isEmpty || options.subjects.contains(benchmark.contestants[$0].subject)
    }
    var samples: [Int: [Sample]] = [:]
    var failures: [Int: String] = [:]
    let started = monotonicNanoseconds()
    let warmups = options.isQuick && benchmark.isHeavy ? 0 : options.warmups
    for round in 0..<(warmups + options.runs) {
        let offset = round % Swift.max(runnable.count, 1)
        let order = Array(runnable[offset...] + runnable[..<offset])
        for index in order where failures[index] == nil {
            guard case .run(let body) = benchmark.contestants[index].kind else { continue }
            do {
                let sample = try body()
                if round >= warmups { samples[index, default: []].append(sample) }
            } catch {
                failures[index] = "\(failedPrefix)\(error)"
                progress("  \(benchmark.name) \(benchmark.contestants[index].subject): failed: \(error)")
            }
        }
    }
    let seconds = Double(monotonicNanoseconds() - started) / 1e9
    progress("  \(benchmark.name): \(String(format: "%.1f", seconds)) s")
    let shown = benchmark.contestants.indices.filter {
        options.subjects.isEmpty || options.subjects.contains(benchmark.contestants[$0].subject)
    }
    return shown.map { index in
        let contestant = benchmark.contestants[index]
        var note: String?
        if case .note(let text) = contestant.kind { note = text }
        if let failure = failures[index] { note = failure }
        let summary = failures[index] == nil ? samples[index].map(Summary.init) : nil
        return Result(
            benchmark: benchmark.name, subject: contestant.subject, unit: benchmark.unit,
            higherIsBetter: benchmark.higherIsBetter, summary: summary, note: note)
    }
}
