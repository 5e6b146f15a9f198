import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 on one thread (a `poll` loop), so its own threads do not
/// count in the client's: every request gets ``body``, and connections are kept alive.
final class LoopbackServer: @unchecked Sendable {  // The state is used by the server's thread only.
    static let body = Data(String(repeating: "x", count: 512).utf8)

    let url: URL
    private let listener: Int32
    private var pending: [Int32: [UInt8]] = [:]

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 1024) == 0 else { throw BenchmarkServerError() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/") else {
            throw BenchmarkServerError()
        }
        self.url = url
        let thread = Thread { [self] in run() }
        thread.start()
    }

    private func run() {
        let reply =
            Array("HTTP/1.1 200 OK\r\nContent-Length: \(Self.body.count)\r\nContent-Type: text/plain\r\n\r\n".utf8)
            + Array(Self.body)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for descriptor in pending.keys { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            guard poll(&fds, nfds_t(fds.count), -1) > 0 else { continue }
            if fds[0].revents != 0 {
                let client = accept(listener, nil, nil)
                if client >= 0 { pending[client] = [] }
            }
            for entry in fds.dropFirst() where entry.revents != 0 {
                let count = read(entry.fd, &chunk, chunk.count)
                guard count > 0 else {
                    close(entry.fd)
                    pending[entry.fd] = nil
                    continue
                }
                var buffer = (pending[entry.fd] ?? []) + chunk[0..<count]
                while let end = Self.headEnd(buffer) {
                    buffer.removeFirst(end)
                    var offset = 0
                    while offset < reply.count {
                        let sent = reply[offset...].withUnsafeBytes {
                            send(entry.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                        }
                        if sent <= 0 { break }
                        offset += sent
                    }
                }
                pending[entry.fd] = buffer
            }
        }
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}

private struct BenchmarkServerError: Error {}
