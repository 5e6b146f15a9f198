import Foundation
import Harness
import SQLiteProvider
import SQLiteRawBenchmarks
import Streams

/// `sqlite.crossprocess`: another process commits a todo; how long until the provider's
/// observer of the active count is called. The provider notices other processes' commits by
/// polling `PRAGMA data_version`, so the figure depends on where in the polling period a commit
/// lands: each write waits a pseudo-random 0–59 ms first, spreading the commits over the period.
public enum RivuletCrossProcess {
    /// Writes per measured run (20; 5 in a check).
    static var writes: Int { Scale.size(20, minimum: 5) }

    /// The hidden argument that turns `rivulet-bench` into the writing process.
    public static let writerFlag = "--crossprocess-writer"

    /// Returns the p50 in ms, with p99.
    public static func measure() throws -> Sample {
        var latencies: [Double] = []
        do {
            let provider = try ProviderDatabase("rivulet-crossprocess")
            let latch = CallbackLatch()
            let subscription = RivuletSQLite.observeActiveCount(provider.database)
                .subscribe(onNext: { result in
                    if case .success(let count) = result { latch.deliver(count) }
                })
            defer { subscription.dispose() }
            guard latch.wait(for: 0) != nil else { throw BenchmarkFailure("cross-process: no initial value") }

            let writer = try WriterProcess(path: provider.path)
            defer { writer.stop() }
            var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
            for write in 0..<writes {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                usleep(UInt32((seed >> 33) % 60) * 1000)
                let committed = try writer.commitOne()
                guard let delivered = latch.wait(for: write + 1, timeoutSeconds: 5) else {
                    throw BenchmarkFailure("cross-process: the observer never saw write \(write + 1)")
                }
                latencies.append(Double(Int64(bitPattern: delivered &- committed)) / 1e6)
            }
        }
        return Sample(percentile(latencies, 50), extras: [("p99", percentile(latencies, 99))])
    }
}

/// The writing process: this executable started with ``RivuletCrossProcess/writerFlag``; one
/// line in asks for one commit, one line out tells when its COMMIT returned.
private final class WriterProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffer: [UInt8] = []

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [RivuletCrossProcess.writerFlag, path, String(SQLiteWorkload.rows * 10)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func commitOne() throws -> UInt64 {
        input.fileHandleForWriting.write(Data("commit\n".utf8))
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                guard let stamp = UInt64(line) else { throw BenchmarkFailure("cross-process writer said \(line)") }
                return stamp
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw BenchmarkFailure("cross-process writer ended") }
            buffer += chunk
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
