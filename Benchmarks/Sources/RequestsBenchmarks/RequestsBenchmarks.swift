import Dispatch
import Foundation
import Harness
import Requests

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `requests.loopback`: 1,000 small GETs started at once against a server on 127.0.0.1 that
/// keeps connections alive; ms for all of them to arrive, with the peak thread count of the
/// process during the run as `peak_threads`.
public enum RequestsBenchmarks {
    /// How many requests one run makes.
    public static let requests = 1_000

    private static let server: LoopbackServer? = try? LoopbackServer()

    /// Rivulet's request layer: `ServiceRequest.send(completion:)` on one session.
    public static func rivulet() throws -> Sample {
        guard let server else { throw BenchmarkFailure("the loopback server could not start") }
        let service = RemoteService(name: "bench", baseURL: .fixed(server.url), defaultTimeout: .seconds(60))
        return try measure { index, done in
            ServiceRequest(service: service, pathComponents: ["item-\(index)"]).send { result in
                done((try? result.get())?.body.count ?? -1)
            }
        }
    }

    private static let urlSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// Foundation's `URLSession`, with a completion handler per task.
    public static func urlsession() throws -> Sample {
        guard let server else { throw BenchmarkFailure("the loopback server could not start") }
        return try measure { index, done in
            urlSession.dataTask(with: server.url.appendingPathComponent("item-\(index)")) { data, _, error in
                done(error == nil ? data?.count ?? -1 : -1)
            }.resume()
        }
    }

    /// Starts every request with `start`, waits for all, and checks each body's size.
    private static func measure(_ start: (Int, @escaping @Sendable (Int) -> Void) -> Void) throws -> Sample {
        let group = DispatchGroup()
        let sizes = LockedSum()
        let sampler = ThreadSampler()
        let nanoseconds = measureNanoseconds {
            for index in 0..<requests {
                group.enter()
                start(index) { size in
                    sizes.add(size)
                    group.leave()
                }
            }
            group.wait()
        }
        let peak = sampler.stop()
        try expectEqual(sizes.total, requests * LoopbackServer.body.count, "bytes received")
        return Sample(nanoseconds / 1_000_000, extras: [("peak_threads", Double(peak))])
    }
}

/// A sum several threads add to.
private final class LockedSum: @unchecked Sendable {  // `lock` guards `value`.
    private let lock = NSLock()
    private var value = 0

    func add(_ amount: Int) {
        lock.lock()
        value += amount
        lock.unlock()
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Samples the process's thread count (`Threads:` of `/proc/self/status`) every millisecond
/// until stopped, keeping the peak.
private final class ThreadSampler: @unchecked Sendable {  // `lock` guards `peak` and `running`.
    private let lock = NSLock()
    private var peak = 0
    private var running = true
    private let finished = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            while true {
                let count = Self.threadCount()
                lock.lock()
                peak = max(peak, count)
                let goesOn = running
                lock.unlock()
                if !goesOn { break }
                usleep(1_000)
            }
            finished.signal()
        }.start()
    }

    func stop() -> Int {
        lock.lock()
        running = false
        lock.unlock()
        finished.wait()
        lock.lock()
        defer { lock.unlock() }
        return peak
    }

    private static func threadCount() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
        return line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }
}
