import Foundation
import HTTPTestServer
import Streams
import Testing

@testable import Requests

#if canImport(Glibc)
    import Glibc
#endif

/// `https:` requests against a TLS server on 127.0.0.1 (the system's `openssl s_server`) with a
/// certificate made for the test: trusted only when the session is told to, for the name it
/// was made for, and a body that never ends stopped at the limit as over plain HTTP.
@Suite(.serialized) struct TransferTLSTests {
    @Test func anAnswerOverTLSArrivesWhenTheCertificateIsTrusted() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority, reply: .whole(Data("hello over TLS".utf8)))
        defer { server.stop() }
        let result = await fetch("https://localhost:\(server.port)/feed", trusting: authority.certificate)
        #expect(try String(decoding: result.get().body, as: UTF8.self) == "hello over TLS")
    }

    @Test func aCertificateNoAuthoritySignedIsRefused() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority, reply: .whole(Data("secret".utf8)))
        defer { server.stop() }
        let result = await fetch("https://localhost:\(server.port)/feed", trusting: nil)
        guard case .failure(let error) = result else {
            Issue.record("a certificate no authority signed was accepted")
            return
        }
        #expect(error.description.contains("the server's certificate was refused"), "\(error)")
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority, reply: .whole(Data("secret".utf8)))
        defer { server.stop() }
        // The certificate names localhost only, not the address.
        let result = await fetch("https://127.0.0.1:\(server.port)/feed", trusting: authority.certificate)
        guard case .failure(let error) = result else {
            Issue.record("a certificate for another name was accepted")
            return
        }
        #expect(error.description.contains("the server's certificate was refused"), "\(error)")
    }

    @Test func anAddressInAnyFormIsCheckedInTheFormConnectedTo() async throws {
        let authority = try TestCertificate(names: "IP:127.0.0.1")
        for host in ["127.0.0.1", "2130706433", "0x7f.1", "127.1"] {
            let server = try TestTLSServer(certificate: authority, reply: .whole(Data("by address".utf8)))
            defer { server.stop() }
            let result = await fetch("https://\(host):\(server.port)/feed", trusting: authority.certificate)
            #expect((try? result.get()).map { String(decoding: $0.body, as: UTF8.self) } == "by address", "\(host)")
        }
        // A certificate for localhost only does not cover the address, whatever its form.
        let named = try TestCertificate()
        for host in ["127.0.0.1", "2130706433", "0x7f.1"] {
            let other = try TestTLSServer(certificate: named, reply: .whole(Data("secret".utf8)))
            defer { other.stop() }
            let result = await fetch("https://\(host):\(other.port)/feed", trusting: named.certificate)
            #expect(result.failureReason != nil, "\(host) was accepted")
        }
    }

    @Test func anEndlessGzipBombOverTLSIsStoppedAtTheLimit() async throws {
        let authority = try TestCertificate()
        let bomb = try TestTLSServer(
            certificate: authority, reply: .endlessGzip(head: GzipBomb.head, block: GzipBomb.block))
        defer { bomb.stop() }
        let small = try TestTLSServer(certificate: authority, reply: .whole(Data("small".utf8)))
        defer { small.stop() }
        let session = NetworkSession(
            configuration: .ephemeral, addressPolicy: .standard, environment: [:],
            certificateAuthorities: authority.certificate)
        let result = await fetch("https://localhost:\(bomb.port)/bomb", session: session, limit: 1_000_000)
        #expect(result.failureReason == .bodyTooLarge(limit: 1_000_000))
        let next = await fetch("https://localhost:\(small.port)/small", session: session)
        #expect((try? next.get()).map { String(decoding: $0.body, as: UTF8.self) } == "small")
    }

    @Test func aFileOfAuthoritiesThatCannotBeReadIsNamed() async throws {
        let authority = try TestCertificate()
        let server = try TestTLSServer(certificate: authority, reply: .whole(Data("secret".utf8)))
        defer { server.stop() }
        let missing = authority.folder + "/missing.pem"
        let result = await fetch("https://localhost:\(server.port)/feed", trusting: missing)
        guard case .transport(let sentence) = result.failureReason else {
            Issue.record("\(String(describing: result.failureReason))")
            return
        }
        #expect(sentence.hasPrefix("the file of certificate authorities to trust, \(missing), cannot be read ("))
        #expect(sentence.hasSuffix("); fix the path, or unset CURL_CA_BUNDLE and SSL_CERT_FILE to trust the system's"))
    }

    private func fetch(
        _ address: String, trusting authorities: String? = nil, session: NetworkSession? = nil, limit: Int? = nil
    ) async -> Result<NetworkResponse, RequestError> {
        var service = RemoteService(
            name: "tls", baseURL: .fixed(URL(string: address) ?? URL(fileURLWithPath: "/")),
            defaultTimeout: .seconds(60))
        service.session =
            session
            ?? NetworkSession(
                configuration: .ephemeral, addressPolicy: .standard, environment: [:],
                certificateAuthorities: authorities)
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

/// A TLS server on 127.0.0.1 for one connection: the system's `openssl s_server`, which relays
/// what is written to its standard input to the client once the request has arrived.
///
/// `@unchecked Sendable`: `output` is a `SanitizerVisibleMutex`; `port` is set once, in `init`,
/// before the thread that serves starts; the rest is immutable.
private final class TestTLSServer: @unchecked Sendable {
    enum Reply: Sendable {
        case whole(Data)
        case endlessGzip(head: Data, block: Data)
    }

    /// The port the server listens on, at 127.0.0.1: one it picked itself and named.
    private(set) var port: UInt16 = 0
    private let process = Process()
    private let input = Pipe()
    private let output = SanitizerVisibleMutex(Data())
    private let stopped = SanitizerVisibleMutex(false)
    private let finished = DispatchGroup()

    init(certificate: TestCertificate, reply: Reply) throws {
        let outputPipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "s_server", "-accept", "127.0.0.1:0", "-cert", certificate.certificate, "-key",
            certificate.key, "-naccept", "1",
        ]
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reading = outputPipe.fileHandleForReading
        finished.enter()
        Thread { [self] in
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                output.withLock { $0.append(chunk) }
            }
            finished.leave()
        }.start()
        // The server picks a free port and names it: "ACCEPT 127.0.0.1:PORT".
        try #require(waitFor("ACCEPT"), "openssl s_server did not start")
        try #require(waitFor("\n", after: "ACCEPT"), "openssl s_server did not name its port")
        let named = output.withLock { String(decoding: $0, as: UTF8.self) }
        let line = named.split(separator: "\n").first { $0.hasPrefix("ACCEPT ") } ?? ""
        port = try #require(line.split(separator: ":").last.flatMap { UInt16($0) }, "no port in \(line)")
        finished.enter()
        Thread { [self] in
            serve(reply)
            finished.leave()
        }.start()
    }

    /// Waits up to 10 s until the server's output holds `text` (after `earlier`, when given).
    private func waitFor(_ text: String, after earlier: String? = nil) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let found = output.withLock { output -> Bool in
                let start = earlier.flatMap { output.range(of: Data($0.utf8))?.upperBound } ?? output.startIndex
                return output.range(of: Data(text.utf8), in: start..<output.endIndex) != nil
            }
            if found { return true }
            if stopped.withLock({ $0 }) || !process.isRunning { return false }
            usleep(5_000)
        }
        return false
    }

    private func serve(_ reply: Reply) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        guard waitFor("\r\n\r\n") else { return }
        switch reply {
        case .whole(let body):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            _ = write(Data(head.utf8) + body)
        case .endlessGzip(let head, let block):
            let start = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n"
            guard write(Data(start.utf8) + head) else { return }
            let piece = Data(Array(repeating: block, count: 40).joined())
            while !stopped.withLock({ $0 }), write(piece) {}
        }
    }

    private func write(_ data: Data) -> Bool {
        let descriptor = input.fileHandleForWriting.fileDescriptor
        return data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        // The serving thread writes to the input's descriptor number until it sees `stopped` or
        // a write fails (openssl is gone): it ends before that number is given back.
        finished.wait()
        try? input.fileHandleForWriting.close()
    }
}
