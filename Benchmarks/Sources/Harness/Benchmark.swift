/// One measurement of one subject: the headline value, plus named extras (e.g. a p99 latency).
public struct Sample: Sendable {
    /// The headline value, in the benchmark's unit.
    public var value: Double
    /// Secondary figures of the same run, in the same unit (e.g. `["p99": 812]`).
    public var extras: [(String, Double)]

    /// A sample with a headline value and optional extras.
    public init(_ value: Double, extras: [(String, Double)] = []) {
        self.value = value
        self.extras = extras
    }
}

/// One contestant in a benchmark: something that can run the work once, or a note saying why not.
public struct Contestant {
    /// How the contestant runs, or why it cannot.
    public enum Kind {
        /// Runs the whole workload once and reports the figure.
        case run(() throws -> Sample)
        /// Has no figure; the note is printed in its place.
        case note(String)
    }

    /// The subject's name (`rivulet`, `opencombine`, `closures`, `grdb`, `raw`, …).
    public let subject: String
    /// How it runs.
    public let kind: Kind

    /// A contestant that runs `body` once per measurement.
    public init(_ subject: String, _ body: @escaping () throws -> Sample) {
        self.subject = subject
        kind = .run(body)
    }

    /// A contestant with no figure, only a note (an API that has not landed, a missing feature).
    public init(_ subject: String, note: String) {
        self.subject = subject
        kind = .note(note)
    }
}

/// A named piece of work and the contestants that do it.
public struct Benchmark {
    /// The fixed name, such as `streams.chain`.
    public let name: String
    /// The unit of every sample, such as `ns/event`.
    public let unit: String
    /// Whether a bigger figure is better (a rate) rather than a smaller one (a time).
    public let higherIsBetter: Bool
    /// The contestants, in display order.
    public let contestants: [Contestant]
    /// Whether one run takes seconds: a quick run then skips the warm-up.
    public let isHeavy: Bool

    /// A benchmark; contestants run interleaved so that machine noise hits each alike.
    public init(
        _ name: String, unit: String, higherIsBetter: Bool = false, isHeavy: Bool = false, _ contestants: [Contestant]
    ) {
        self.name = name
        self.unit = unit
        self.higherIsBetter = higherIsBetter
        self.isHeavy = isHeavy
        self.contestants = contestants
    }
}

/// Thrown by a contestant whose result does not match the others' (so the work was not the same).
public struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// A failure with a message.
    public init(_ description: String) { self.description = description }
}

/// Checks a checksum, so that a contestant that skipped work fails loudly instead of winning.
public func expectEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
    if actual != expected { throw BenchmarkFailure("\(what): got \(actual), expected \(expected)") }
}
