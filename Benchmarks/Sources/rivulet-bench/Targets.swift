import Foundation
import Harness

/// A performance target and how to judge it from the results.
struct Target: Sendable {
    /// What the target says, as written in the README.
    let text: String
    /// The figure and whether it is met; nil when a figure it needs is missing.
    let judge: @Sendable (Results) -> (figure: String, met: Bool)?
}

/// Results looked up by benchmark and subject.
struct Results {
    private var medians: [String: Double] = [:]
    private var extras: [String: Double] = [:]

    init(_ results: [Result]) {
        for result in results {
            guard let summary = result.summary else { continue }
            medians["\(result.benchmark)/\(result.subject)"] = summary.median
            for (name, value) in summary.extras { extras["\(result.benchmark)/\(result.subject)/\(name)"] = value }
        }
    }

    func median(_ benchmark: String, _ subject: String) -> Double? { medians["\(benchmark)/\(subject)"] }
    func extra(_ benchmark: String, _ subject: String, _ name: String) -> Double? {
        extras["\(benchmark)/\(subject)/\(name)"]
    }
}

private func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }
private func times(_ value: Double) -> String { String(format: "%g", value) }

/// `rivulet` at most `limit` times `peer`.
private func atMost(_ limit: Double, of peer: String, in benchmark: String) -> Target {
    Target(text: "\(benchmark): rivulet ≤ \(times(limit))× \(peer)") { results in
        guard let ours = results.median(benchmark, "rivulet"), let theirs = results.median(benchmark, peer) else {
            return nil
        }
        return ("\(ratio(ours / theirs)) \(peer)", ours <= limit * theirs)
    }
}

/// `rivulet` at least `factor` times faster than `peer` (or simply faster, for a factor of 1).
private func faster(_ factor: Double, than peer: String, in benchmark: String, orEqual: Bool = false) -> Target {
    let text =
        factor == 1
        ? "\(benchmark): rivulet \(orEqual ? "no slower than" : "faster than") \(peer)"
        : "\(benchmark): rivulet ≥ \(times(factor))× faster than \(peer)"
    return Target(text: text) { results in
        guard let ours = results.median(benchmark, "rivulet"), let theirs = results.median(benchmark, peer) else {
            return nil
        }
        let speedup = theirs / ours
        let met = factor == 1 && !orEqual ? speedup > 1 : speedup >= factor
        return ("\(ratio(speedup)) faster than \(peer)", met)
    }
}

/// `rivulet`'s figure below (or, for a rate, at least) a bound.
private func bound(_ benchmark: String, _ text: String, _ unit: String, below limit: Double) -> Target {
    Target(text: "\(benchmark): rivulet \(text)") { results in
        guard let ours = results.median(benchmark, "rivulet") else { return nil }
        return ("\(format(ours)) \(unit)", ours < limit)
    }
}

let targets: [Target] = [
    atMost(2, of: "closures", in: "streams.chain"),
    atMost(2, of: "closures", in: "streams.fanout"),
    atMost(1.5, of: "closures", in: "streams.subscribe"),
    // Issue 16's goals.
    bound("streams.subscribe", "< 100 ns per cycle", "ns", below: 100),
    faster(5, than: "opencombine", in: "streams.subscribe"),
    faster(1, than: "opencombine", in: "streams.concat"),
    faster(1, than: "opencombine", in: "streams.switch"),
    faster(1, than: "opencombine", in: "streams.refcount"),
    faster(3, than: "opencombine", in: "streams.behavior"),
    faster(1, than: "asyncstream", in: "streams.async", orEqual: true),
    // A rate, so the ratio is ours over the floor's: at least three quarters of a bare heap's.
    Target(text: "scheduler.virtual: rivulet ≥ 0.75× heap's actions/s") { results in
        guard let ours = results.median("scheduler.virtual", "rivulet"),
            let floor = results.median("scheduler.virtual", "heap")
        else { return nil }
        return ("\(ratio(ours / floor)) heap (\(format(ours)) actions/s)", ours >= 0.75 * floor)
    },
    // Issue 14's must-hold, through the provider's public API.
    atMost(1.1, of: "raw", in: "sqlite.insert"),
    faster(1, than: "grdb", in: "sqlite.insert"),
    atMost(1.1, of: "raw", in: "sqlite.fetch"),
    faster(1, than: "grdb", in: "sqlite.fetch"),
    atMost(1.2, of: "raw", in: "sqlite.observe"),
    faster(1, than: "grdb", in: "sqlite.observe"),
    bound("sqlite.observe_slow_query", "< 0.2 ms per write", "ms", below: 0.2),
    bound("sqlite.crossprocess", "≤ 100 ms (p50)", "ms", below: 100.000_001),
    bound("sqlite.window_search", "< 50 ms", "ms", below: 50),
    bound("sqlite.window_deep", "< 50 ms", "ms", below: 50),
    bound("tui.frame", "< 1 ms", "ms", below: 1),
    bound("tui.bytes_one_row", "< 100 bytes", "bytes", below: 100),
    atMost(1, of: "urlsession", in: "requests.loopback"),
]

/// The targets as a table: each with its figure and met / missed (or not measured).
func targetTable(_ results: [Result], selected: (String) -> Bool) -> String {
    let lookup = Results(results)
    var rows = [["target", "figure", "verdict"]]
    for target in targets {
        let benchmark = String(target.text.prefix { $0 != ":" })
        guard selected(benchmark) else { continue }
        if let (figure, met) = target.judge(lookup) {
            rows.append([target.text, figure, met ? "met" : "MISSED"])
        } else {
            rows.append([target.text, "-", "not measured"])
        }
    }
    return render(rows, rightAligned: [])
}
