import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the request tests: it answers every request with
/// what `respond` returns for its path, closes the connection, and stops when stopped.
final class LoopbackServer: Sendable {
    /// A response: status code and JSON body.
    struct Response: Sendable {
        var status: Int
        var body: String
    }

    /// `http://127.0.0.1:PORT`, the port chosen by the system.
    let baseURL: URL
    private let listener: Int32
    private let requests = Mutex<[String]>([])
    private let respond: @Sendable (String) -> Response

    /// The paths asked for so far.
    var requestedPaths: [String] { requests.withLock { $0 } }

    /// Starts listening; `nil` when no socket could be had.
    init?(respond: @escaping @Sendable (String) -> Response) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))") else {
            close(descriptor)
            return nil
        }
        listener = descriptor
        baseURL = url
        self.respond = respond
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var received = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.containsHeaderEnd {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            received += chunk[0..<count]
        }
        let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let path = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        requests.withLock { $0.append(path) }
        let response = respond(path)
        let body = Array(response.body.utf8)
        let head =
            "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Error")\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        guard count >= 4 else { return false }
        return (0...(count - 4)).contains { self[$0..<$0 + 4].elementsEqual(end) }
    }
}
