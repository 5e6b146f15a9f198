import Foundation
import Streams
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small forwarding HTTP proxy on 127.0.0.1, for tests of requests that go through a proxy
/// named in the environment. It takes requests in absolute form (`GET http://host:port/path`),
/// sends each to 127.0.0.1: on the port the URL names, or for a host in `routes` on the port
/// given there (a name only the proxy can resolve), and relays the answer until the server
/// closes the connection or the client goes away. One request per connection; `CONNECT` is
/// refused. Every test that starts one stops it (``stop()``).
///
/// `@unchecked Sendable`: the record lives in `targets`, a `SanitizerVisibleMutex`; descriptors
/// are immutable after `init`.
public final class TestHTTPProxy: @unchecked Sendable {
    /// The port the proxy listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let routes: [String: UInt16]
    private let targets = SanitizerVisibleMutex<[String]>([])
    private let stopped = Atomic<Bool>(false)
    private let threads = DispatchGroup()

    /// Starts listening on 127.0.0.1; `routes` maps host names to ports on 127.0.0.1.
    public init(routes: [String: UInt16] = [:]) throws {
        self.routes = routes
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw TestHTTPServer.ServerError.system("pipe", errno) }
        (wakeRead, wakeWrite) = (pipeFDs[0], pipeFDs[1])
        let (descriptor, port) = try Self.makeListener()
        (listener, self.port) = (descriptor, port)
        threads.enter()
        Thread { [self] in
            acceptLoop()
            threads.leave()
        }.start()
    }

    /// `http://127.0.0.1:PORT`, as `http_proxy` names it.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// The request targets the proxy received, in order, as the client sent them.
    public var receivedTargets: [String] { targets.withLock { $0 } }

    /// Closes every socket and waits for all threads to end.
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

    private static func makeListener() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw TestHTTPServer.ServerError.system("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw TestHTTPServer.ServerError.system("bind/listen", errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        while waitReadable(listener) {
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            threads.enter()
            Thread { [self] in
                relay(client)
                close(client)
                threads.leave()
            }.start()
        }
    }

    /// Waits until `descriptor` is readable; false when the proxy is stopping.
    private func waitReadable(_ descriptor: Int32) -> Bool {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && fds[1].revents == 0
        }
    }

    private func relay(_ client: Int32) {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var headEnd: Int?
        while headEnd == nil {
            guard waitReadable(client) else { return }
            let count = read(client, &chunk, chunk.count)
            if count <= 0 { return }
            buffer.append(contentsOf: chunk[0..<count])
            headEnd = Self.findHeadEnd(buffer)
            if buffer.count > 64 * 1024 { return }
        }
        guard let headEnd else { return }
        var lines = String(decoding: buffer[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ").map(String.init) ?? []
        guard parts.count == 3 else { return }
        targets.withLock { $0.append(parts[1]) }
        guard let target = URL(string: parts[1]), let host = target.host,
            let port = routes[host.lowercased()] ?? target.port.flatMap(UInt16.init(exactly:))
        else {
            _ = sendAll(
                client, Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            return
        }
        var path = target.path.isEmpty ? "/" : target.path
        if let query = target.query { path += "?" + query }
        lines[0] = "\(parts[0]) \(path) \(parts[2])"
        lines.removeAll { $0.lowercased().hasPrefix("proxy-connection:") || $0.lowercased().hasPrefix("connection:") }
        lines.insert("Connection: close", at: 1)
        let forwarded = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + buffer[(headEnd + 4)...]
        guard let server = Self.connection(to: port) else { return }
        defer { close(server) }
        guard sendAll(server, forwarded) else { return }
        while waitReadable(server) {
            let count = read(server, &chunk, chunk.count)
            if count <= 0 { return }
            guard sendAll(client, Array(chunk[0..<count])) else { return }
        }
    }

    private static func connection(to port: UInt16) -> Int32? {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Writes all of `bytes`; false when the other side went away.
    private func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            guard written > 0, !stopped.load(ordering: .acquiring) else { return false }
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
}
