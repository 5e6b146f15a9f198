import Foundation
import HTTPTestServer
import Streams
import Testing

@testable import Requests

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The library's own `https:` transport against a TLS server on 127.0.0.1 with a certificate
/// made for the test (by the system's `openssl`): trusted only when the session is told to,
/// for the name it was made for, and a body that never ends stopped at the limit as over HTTP.
@Suite(.serialized) struct SocketTransferTLSTests {
    @Test func anAnswerOverTLSArrivesWhenTheCertificateIsTrusted() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority) { _ in .whole(Data("hello over TLS".utf8)) }
        defer { server.stop() }
        let result = await fetch("https://localhost:\(server.port)/feed", trust: .file(authority.certificate))
        #expect(try String(decoding: result.get().body, as: UTF8.self) == "hello over TLS")
    }

    @Test func aCertificateNoAuthoritySignedIsRefused() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority) { _ in .whole(Data("secret".utf8)) }
        defer { server.stop() }
        let result = await fetch("https://localhost:\(server.port)/feed", trust: .system)
        guard case .failure(let error) = result else {
            Issue.record("a certificate no authority signed was accepted")
            return
        }
        #expect(error.description.contains("the server's certificate was refused"), "\(error)")
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority) { _ in .whole(Data("secret".utf8)) }
        defer { server.stop() }
        // The certificate names localhost only, not the address.
        let result = await fetch("https://127.0.0.1:\(server.port)/feed", trust: .file(authority.certificate))
        guard case .failure(let error) = result else {
            Issue.record("a certificate for another name was accepted")
            return
        }
        #expect(error.description.contains("the server's certificate was refused"), "\(error)")
    }

    @Test func anAddressInAnyFormIsCheckedInTheFormConnectedTo() async throws {
        let authority = try TestCertificate(names: "IP:127.0.0.1")
        let server = try TestTLSServer(certificate: authority) { _ in .whole(Data("by address".utf8)) }
        defer { server.stop() }
        for host in ["127.0.0.1", "2130706433", "0x7f.1", "127.1"] {
            let result = await fetch("https://\(host):\(server.port)/feed", trust: .file(authority.certificate))
            #expect((try? result.get()).map { String(decoding: $0.body, as: UTF8.self) } == "by address", "\(host)")
        }
        // A certificate for localhost only does not cover the address, whatever its form.
        let named = try TestCertificate()
        let other = try TestTLSServer(certificate: named) { _ in .whole(Data("secret".utf8)) }
        defer { other.stop() }
        for host in ["127.0.0.1", "2130706433", "0x7f.1"] {
            let result = await fetch("https://\(host):\(other.port)/feed", trust: .file(named.certificate))
            #expect(result.failureReason != nil, "\(host) was accepted")
        }
    }

    @Test func aBodyToTheEndArrivesWholeWhenTheServerSkipsTLSsGoodbye() async throws {
        let authority = try TestCertificate()
        let body = Data(String(repeating: "a line of the feed\n", count: 5_000).utf8)
        let server = try TestTLSServer(certificate: authority) { _ in .toEnd(body) }
        defer { server.stop() }
        let result = await fetch("https://localhost:\(server.port)/feed", trust: .file(authority.certificate))
        #expect((try? result.get())?.body == body)
    }

    @Test func anEndlessGzipBombOverTLSIsStoppedAtTheLimit() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority) { target in
            target.hasSuffix("/bomb")
                ? .endlessGzip(head: GzipBomb.head, block: GzipBomb.block) : .whole(Data("small".utf8))
        }
        defer { server.stop() }
        let session = NetworkSession(
            configuration: .ephemeral, addressPolicy: .standard, ownTransport: nil,
            trust: .file(authority.certificate))
        let result = await fetch("https://localhost:\(server.port)/bomb", session: session, limit: 1_000_000)
        #expect(result.failureReason == .bodyTooLarge(limit: 1_000_000))
        let next = await fetch("https://localhost:\(server.port)/small", session: session)
        #expect((try? next.get()).map { String(decoding: $0.body, as: UTF8.self) } == "small")
    }

    private func fetch(
        _ address: String, trust: _TLSTrust = .system, session: NetworkSession? = nil, limit: Int? = nil
    ) async -> Result<NetworkResponse, RequestError> {
        var service = RemoteService(
            name: "tls", baseURL: .fixed(URL(string: address) ?? URL(fileURLWithPath: "/")),
            defaultTimeout: .seconds(60))
        service.session =
            session
            ?? NetworkSession(configuration: .ephemeral, addressPolicy: .standard, ownTransport: nil, trust: trust)
        var request = ServiceRequest(service: service)
        if let limit { request.maximumBodySize = limit }
        return await outcome(of: request)
    }
}

/// A self-signed certificate for `localhost` and its key, in a temporary folder, made by the
/// system's `openssl`; it is its own authority.
private final class TestCertificate: Sendable {
    let folder: String
    var certificate: String { folder + "/certificate.pem" }
    var key: String { folder + "/key.pem" }

    init(names: String = "DNS:localhost") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=\(names)",
            "-keyout", folder + "/key.pem", "-out", folder + "/certificate.pem",
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl could not make a certificate")
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
}

/// A TLS server on 127.0.0.1 built on the same OpenSSL: one thread per connection, blocking.
private final class TestTLSServer: @unchecked Sendable {
    enum Reply {
        case whole(Data)
        /// A body without a length, then the connection closed without TLS's goodbye.
        case toEnd(Data)
        case endlessGzip(head: Data, block: Data)
    }

    let port: UInt16
    private let listener: Int32
    private let library: _OpenSSL
    private let acceptSecurely: @convention(c) (OpaquePointer?) -> Int32
    private let context: OpaquePointer
    private let reply: @Sendable (String) -> Reply
    private let stopped = SanitizerVisibleMutex(false)
    private let finished = DispatchGroup()

    init(certificate: TestCertificate, reply: @escaping @Sendable (String) -> Reply) throws {
        // The server's side of OpenSSL is looked up here: the library itself only ever connects.
        let library = try #require(_OpenSSL.shared)
        let serverMethod = try #require(
            library.symbol("TLS_server_method", as: (@convention(c) () -> OpaquePointer?).self))
        let useCertificateChain = try #require(
            library.symbol(
                "SSL_CTX_use_certificate_chain_file",
                as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self))
        let usePrivateKey = try #require(
            library.symbol(
                "SSL_CTX_use_PrivateKey_file",
                as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32).self))
        self.acceptSecurely = try #require(
            library.symbol("SSL_accept", as: (@convention(c) (OpaquePointer?) -> Int32).self))
        let pemFile: Int32 = 1  // SSL_FILETYPE_PEM
        let context = try #require(library.contextNew(serverMethod()))
        try #require(useCertificateChain(context, certificate.certificate) == 1)
        try #require(usePrivateKey(context, certificate.key, pemFile) == 1)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(bound == 0 && listen(listener, 16) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        self.library = library
        self.context = context
        self.reply = reply
        finished.enter()
        Thread { [self] in
            acceptLoop()
            finished.leave()
        }.start()
    }

    func stop() {
        stopped.withLock { $0 = true }
        _ = shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        library.contextFree(context)
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func acceptLoop() {
        while !isStopped {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            finished.enter()
            Thread { [self] in
                _SocketTransfer.blockBrokenPipeSignal()
                serve(client)
                close(client)
                finished.leave()
            }.start()
        }
    }

    private func serve(_ client: Int32) {
        guard let session = library.new(context) else { return }
        defer { library.free(session) }
        _ = library.setDescriptor(session, client)
        guard acceptSecurely(session) == 1 else { return }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeadEnd {
            let count = buffer.withUnsafeMutableBytes { library.read(session, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else { return }
            request += buffer[..<Int(count)]
        }
        let target =
            String(decoding: request.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ").dropFirst()
            .first.map(String.init) ?? "/"
        switch reply(target) {
        case .whole(let body):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            _ = write(session, Data(head.utf8) + body)
        case .toEnd(let body):
            _ = write(session, Data("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8) + body)
        case .endlessGzip(let head, let block):
            let start = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n"
            guard write(session, Data(start.utf8) + head) else { return }
            let piece = Data(Array(repeating: block, count: 40).joined())
            while !isStopped, write(session, piece) {}
        }
    }

    private func write(_ session: OpaquePointer, _ data: Data) -> Bool {
        let bytes = [UInt8](data)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { library.write(session, $0.baseAddress, Int32($0.count)) }
            guard written > 0 else { return false }
            offset += Int(written)
        }
        return true
    }
}

extension [UInt8] {
    fileprivate var containsHeadEnd: Bool {
        count >= 4 && indices.dropLast(3).contains { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 }
    }
}
