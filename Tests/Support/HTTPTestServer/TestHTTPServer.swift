public import Foundation
import Streams
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for end-to-end tests of the
/// request layer. Each connection gets one request and one reply, then is closed; a server that
/// keeps connections alive answers ``Reply/respond(status:headers:body:)`` replies on the same
/// connection for as long as the client sends requests. Every test that starts one stops it
/// (``stop()``), which closes all sockets and joins all threads.
///
/// `@unchecked Sendable`: the mutable record lives in `record`, a `SanitizerVisibleMutex`; file descriptors are
/// immutable after `init`.
public final class TestHTTPServer: @unchecked Sendable {
    /// A request as the server read it.
    public struct Request: Sendable {
        /// The request method, as sent.
        public var method: String
        /// The request target (path and query), as sent.
        public var target: String
        /// The header fields, names lower-cased.
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// The value of header `name`, compared case-insensitively.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// What the server does with a request.
    public enum Reply: Sendable {
        /// A complete response; `Content-Length` is added unless given.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Never answers; waits until the client closes the connection or the server stops.
        case hang
        /// Sends the status line and `headers`, then waits like ``hang``.
        case headersThenHang(status: Int, headers: [String: String])
        /// Sends a body of `total` bytes without `Content-Length`, chunk by chunk, until done
        /// or until the client goes away.
        case stream(status: Int, total: Int)
        /// Sends `bytes` as they are (no status line or headers added), then closes: an empty
        /// reply, a malformed one, a body shorter than its `Content-Length`.
        case raw(Data)
        /// Sends the status line and headers, then one body byte every `interval`, forever,
        /// until the client goes away: a server that drips.
        case drip(status: Int, interval: Duration)
        /// Sends the status line, `headers` and `head`, then `repeating` again and again, as
        /// fast as the client takes it, until the client goes away or the server stops: a body
        /// that never ends.
        case endless(status: Int, headers: [String: String], head: Data, repeating: Data)
    }

    private struct Record {
        var requests: [Request] = []
        var accepted = 0
        var closedByClient = 0
        var clientClosedAt: [ContinuousClock.Instant] = []
    }

    /// The port the server listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let record = SanitizerVisibleMutex(Record())
    private let waiters = SanitizerVisibleMutex<[Waiter]>([])
    private let stopped = Atomic<Bool>(false)
    /// Why the accept loop ended, or the error of the last accept that failed.
    private let acceptNote = SanitizerVisibleMutex<String?>(nil)
    private let threads = DispatchGroup()
    private let handler: @Sendable (Request) -> Reply
    private let keepsConnectionsAlive: Bool

    /// Starts listening on 127.0.0.1 with a port chosen by the system; with
    /// `keepsConnectionsAlive`, a connection stays open after each complete reply.
    public init(keepsConnectionsAlive: Bool = false, handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        self.keepsConnectionsAlive = keepsConnectionsAlive
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw ServerError.system("pipe", errno) }
        wakeRead = pipeFDs[0]
        wakeWrite = pipeFDs[1]
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError.system("bind/listen", errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        threads.enter()
        Thread { [self] in
            acceptLoop()
            threads.leave()
        }.start()
    }

    /// Why the server could not start.
    public enum ServerError: Error {
        case system(String, Int32)
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { url("") }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/invalid")
    }

    /// The requests read so far, in order.
    public var requests: [Request] { record.withLock { $0.requests } }

    /// How many connections the server accepted.
    public var connectionsAccepted: Int { record.withLock { $0.accepted } }

    /// How many connections the client closed while the server was still waiting or writing.
    public var connectionsClosedByClient: Int { record.withLock { $0.closedByClient } }

    /// For each connection the client closed while the server held it open without answering,
    /// when the server saw it closed. The close happens no earlier than the client gave up, so a
    /// test compares this instant with one taken before the request: a server thread that
    /// started late (the test process busy elsewhere) only makes the instant later, never earlier.
    public var clientClosedAt: [ContinuousClock.Instant] { record.withLock { $0.clientClosedAt } }

    /// Waits until `condition` holds, for at most `timeout`.
    ///
    /// The condition is checked off the cooperative pool: on the server's own thread each time
    /// its record changes, and every few milliseconds on a dispatch queue (for conditions on
    /// the client's side). The answer is settled there, so a task that waits a long time for a
    /// thread to resume on (the pool has one per core, and under the thread sanitizer the rest
    /// of the suite can hold them for a minute) still gets `true` if the condition held in
    /// time. The limit only ends a run that fails.
    public func wait(
        upTo timeout: Duration = .seconds(60),
        until condition: @escaping @Sendable (TestHTTPServer) -> Bool
    ) async -> Bool {
        if condition(self) { return true }
        let waiter = Waiter(condition)
        let components = timeout.components
        let nanoseconds = Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
        let deadline = DispatchTime.now() + .nanoseconds(nanoseconds)
        return await withCheckedContinuation { continuation in
            waiter.arm(continuation)
            waiters.withLock { $0.append(waiter) }
            recordChanged()
            recheck(waiter, until: deadline)
        }
    }

    /// Checks `waiter`'s condition every 5 ms on a dispatch queue until it is settled; at
    /// `deadline`, settles it with the condition's last answer.
    private func recheck(_ waiter: Waiter, until deadline: DispatchTime) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { [self] in
            guard !waiter.isSettled else { return }
            let holds = waiter.condition(self)
            if holds || DispatchTime.now() >= deadline {
                waiter.settle(holds)
                waiters.withLock { $0.removeAll { $0 === waiter } }
            } else {
                recheck(waiter, until: deadline)
            }
        }
    }

    /// One task waiting in ``wait(upTo:until:)``; resumed exactly once.
    private final class Waiter: Sendable {
        let condition: @Sendable (TestHTTPServer) -> Bool
        private let continuation = SanitizerVisibleMutex<CheckedContinuation<Bool, Never>?>(nil)

        init(_ condition: @escaping @Sendable (TestHTTPServer) -> Bool) { self.condition = condition }

        func arm(_ continuation: CheckedContinuation<Bool, Never>) {
            self.continuation.withLock { $0 = continuation }
        }

        /// Whether the waiting task was resumed already.
        var isSettled: Bool { continuation.withLock { $0 == nil } }

        /// Resumes the waiting task with `value`, unless it was resumed already.
        func settle(_ value: Bool) {
            let taken = continuation.withLock { stored -> CheckedContinuation<Bool, Never>? in
                defer { stored = nil }
                return stored
            }
            taken?.resume(returning: value)
        }
    }

    /// Settles every waiter whose condition now holds. Called after each change to the record,
    /// outside its lock (conditions read the record).
    private func recordChanged() {
        let pending = waiters.withLock { $0 }
        let satisfied = pending.filter { $0.condition(self) }
        guard !satisfied.isEmpty else { return }
        for waiter in satisfied { waiter.settle(true) }
        waiters.withLock { list in list.removeAll { waiter in satisfied.contains { $0 === waiter } } }
    }

    /// What became of the listening socket, and why the accept loop ended if it did: for the
    /// message of a test whose client was refused.
    public var listenerState: String {
        describeListener(listener, port: port, acceptNote: acceptNote.withLock { $0 })
    }

    /// Closes the listening socket and every connection, and waits for all threads to end.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        threads.wait()
        close(listener)
        close(wakeRead)
        close(wakeWrite)
    }

    deinit { stop() }

    // MARK: - Serving

    private func acceptLoop() {
        while true {
            guard waitReadable(listener) else {
                acceptNote.withLock { $0 = "the accept loop ended (stopped: \(stopped.load(ordering: .acquiring)))" }
                return
            }
            let client = accept(listener, nil, nil)
            if client < 0 {
                let code = errno
                acceptNote.withLock { $0 = "an accept failed with errno \(code)" }
                continue
            }
            record.withLock { $0.accepted += 1 }
            recordChanged()
            threads.enter()
            Thread { [self] in
                serve(client)
                close(client)
                threads.leave()
            }.start()
        }
    }

    /// Waits until `fd` is readable; false when the server is stopping.
    private func waitReadable(_ fd: Int32) -> Bool {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return false }
            return true
        }
    }

    private func waitWritable(_ fd: Int32) -> Bool {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return false }
            return true
        }
    }

    private func serve(_ client: Int32) {
        var buffer = [UInt8]()
        while let request = readRequest(client, into: &buffer) {
            record.withLock { $0.requests.append(request) }
            recordChanged()
            let reply = handler(request)
            if keepsConnectionsAlive, case .respond(let status, let headers, let body) = reply {
                guard
                    sendAll(
                        client,
                        Self.head(status: status, headers: Self.withLength(headers, body), closes: false)
                            + [UInt8](body))
                else { return }
                continue
            }
            answer(client, with: reply)
            return
        }
    }

    /// The next request on the connection, reading on from what `buffer` holds; `nil` when the
    /// client closed it, sent something unreadable, or the server is stopping.
    private func readRequest(_ client: Int32, into buffer: inout [UInt8]) -> Request? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var headEnd = Self.findHeadEnd(buffer)
        while headEnd == nil {
            guard waitReadable(client) else { return nil }
            let count = read(client, &chunk, chunk.count)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headEnd = Self.findHeadEnd(buffer)
            if buffer.count > 64 * 1024 { return nil }
        }
        guard let headEnd, var request = Self.parseHead(Array(buffer[0..<headEnd])) else { return nil }
        let expected = Int(request.header("content-length") ?? "0") ?? 0
        while buffer.count < headEnd + 4 + expected {
            guard waitReadable(client) else { return nil }
            let count = read(client, &chunk, chunk.count)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
        request.body = Data(buffer[(headEnd + 4)..<(headEnd + 4 + expected)])
        buffer.removeFirst(headEnd + 4 + expected)
        return request
    }

    private static func withLength(_ headers: [String: String], _ body: Data) -> [String: String] {
        var headers = headers
        if !headers.keys.contains(where: { $0.lowercased() == "content-length" }) {
            headers["Content-Length"] = String(body.count)
        }
        return headers
    }

    private func answer(_ client: Int32, with reply: Reply) {
        switch reply {
        case .respond(let status, let headers, let body):
            _ = sendAll(client, Self.head(status: status, headers: Self.withLength(headers, body)) + [UInt8](body))
        case .hang:
            waitForClientClose(client)
        case .headersThenHang(let status, let headers):
            guard sendAll(client, Self.head(status: status, headers: headers)) else { return }
            waitForClientClose(client)
        case .raw(let bytes):
            _ = sendAll(client, [UInt8](bytes))
        case .drip(let status, let interval):
            guard sendAll(client, Self.head(status: status, headers: [:])) else { return }
            let pause = interval.components
            let nanoseconds = Int(pause.seconds) * 1_000_000_000 + Int(pause.attoseconds / 1_000_000_000)
            while !stopped.load(ordering: .acquiring), sendAll(client, [UInt8(ascii: "x")]) {
                var delay = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
                nanosleep(&delay, nil)
            }
        case .endless(let status, let headers, let head, let repeating):
            guard sendAll(client, Self.head(status: status, headers: headers) + [UInt8](head)) else { return }
            let piece = [UInt8](Array(repeating: repeating, count: max(1, 65_536 / max(repeating.count, 1))).joined())
            while !stopped.load(ordering: .acquiring), sendAll(client, piece) {}
        case .stream(let status, let total):
            guard sendAll(client, Self.head(status: status, headers: [:])) else { return }
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            var sent = 0
            while sent < total {
                let next = Array(piece.prefix(min(piece.count, total - sent)))
                guard sendAll(client, next) else { return }
                sent += next.count
            }
        }
    }

    private func waitForClientClose(_ client: Int32) {
        var scratch = [UInt8](repeating: 0, count: 1024)
        while waitReadable(client) {
            if read(client, &scratch, scratch.count) <= 0 {
                let closedAt = ContinuousClock.now
                record.withLock {
                    $0.closedByClient += 1
                    $0.clientClosedAt.append(closedAt)
                }
                recordChanged()
                return
            }
        }
    }

    /// Writes all of `bytes`; false (and the close recorded) if the client went away.
    private func sendAll(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard waitWritable(client) else { return false }
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let written = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                record.withLock { $0.closedByClient += 1 }
                recordChanged()
                return false
            }
            offset += written
        }
        return true
    }

    private static func findHeadEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func parseHead(_ bytes: [UInt8]) -> Request? {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers, body: Data())
    }

    private static func head(status: Int, headers: [String: String], closes: Bool = true) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n" + (closes ? "Connection: close\r\n" : "")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}
