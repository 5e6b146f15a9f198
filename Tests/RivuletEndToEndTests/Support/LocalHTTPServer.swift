import Foundation
import HTTPTestServer
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for end-to-end tests that give the built binary a
/// feed to fetch. Each connection reads one request and gets one reply, generated as it is
/// sent, so a 50 MB body costs the test no memory; the connection is then closed.
///
/// `@unchecked Sendable`: `served` is an atomic; the descriptors and replies are immutable.
final class LocalHTTPServer: @unchecked Sendable {
    /// A reply: headers, and a body made of `repeating` until `length` bytes, after `prefix`
    /// and before `suffix`.
    struct Reply: Sendable {
        var status = 200
        /// More header fields, such as `Content-Encoding` or `Location`.
        var headers: [String: String] = [:]
        var contentType = "application/rss+xml"
        var sendsLength = true
        var prefix = Data()
        var repeating = Data()
        var length = 0
        var suffix = Data()
    }

    let port: UInt16
    private let listener: Int32
    private let reply: @Sendable (String) -> Reply
    private let threads = DispatchGroup()
    private let stopped = Atomic<Bool>(false)
    /// Why the accept loop ended, once it has.
    private let acceptEnd = Mutex<String?>(nil)
    /// How many body bytes the server managed to send, over all connections.
    let bytesSent = Atomic<Int>(0)

    /// Listens on `address` (127.0.0.1 unless given) and an ephemeral port; `reply` gets each
    /// request's path.
    init(address listening: String = "127.0.0.1", reply: @escaping @Sendable (String) -> Reply) throws {
        self.reply = reply
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(listening)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ServerError(step: "bind")
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

    struct ServerError: Error {
        let step: String
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// What became of the listening socket, and why the accept loop ended if it did: for the
    /// message of a test whose client was refused.
    var listenerState: String {
        describeListener(listener, port: port, acceptNote: acceptEnd.withLock { $0 })
    }

    /// Stops accepting, and waits for every connection's thread to end.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        threads.wait()
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                let code = errno
                if code == EINTR { continue }
                acceptEnd.withLock { $0 = "the accept loop ended: errno \(code)" }
                return
            }
            threads.enter()
            Thread { [self] in
                serve(client)
                close(client)
                threads.leave()
            }.start()
        }
    }

    private func serve(_ client: Int32) {
        var request = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[0..<count])
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let reply = reply(path)
        let total = reply.prefix.count + reply.length + reply.suffix.count
        var head = "HTTP/1.1 \(reply.status) \(reply.status == 200 ? "OK" : "Status")\r\n"
        head += "Content-Type: \(reply.contentType)\r\nConnection: close\r\n"
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if reply.sendsLength { head += "Content-Length: \(total)\r\n" }
        head += "\r\n"
        guard send(client, Data(head.utf8)), send(client, reply.prefix) else { return }
        var remaining = reply.length
        let chunkCount = max(1, 65_536 / max(reply.repeating.count, 1))
        let chunk = Data(Array(repeating: reply.repeating, count: chunkCount).joined())
        while remaining > 0, !reply.repeating.isEmpty {
            let piece = chunk.prefix(remaining)
            guard send(client, piece) else { return }
            remaining -= piece.count
        }
        _ = send(client, reply.suffix)
    }

    /// Writes all of `data`; false when the client went away. MSG_NOSIGNAL keeps a closed
    /// connection from raising SIGPIPE in the test process.
    private func send(_ client: Int32, _ data: Data) -> Bool {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { raw in
                Glibc.send(client, raw.baseAddress.map { $0 + offset }, data.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return false
            }
            offset += written
            bytesSent.add(written, ordering: .relaxed)
        }
        return true
    }
}
