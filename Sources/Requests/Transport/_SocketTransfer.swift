import Foundation
import Streams

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `http:` or `https:` exchange over a socket of its own, on a thread of its own: this
/// library's transport, used instead of Foundation's, which cannot be stopped.
///
/// Foundation on Linux decodes every compressed body inside its transfer loop, and its
/// cancellation waits for that loop's queue: a server that streams a gzip bomb without end
/// keeps the queue busy, so the cancellation never runs and the transfer inflates (and grows
/// memory) for as long as the server sends. Here the transfer decodes with ``_Inflater`` as the
/// bytes arrive, hands every inflated chunk to the exchange, which counts it against the limit,
/// and stops within one chunk when told to: the socket is shut down, which wakes any wait.
///
/// It also connects to exactly the addresses the ``AddressPolicy`` judged, so a host name cannot
/// resolve to one address for the check and another for the connection. TLS comes from the
/// system's OpenSSL (``_OpenSSL``), with the certificate checked against the host name.
///
/// `@unchecked Sendable`: the socket lives in a `SanitizerVisibleMutex`, the flag is atomic in
/// one too, and the rest is immutable.
final class _SocketTransfer: @unchecked Sendable {
    private let urlRequest: URLRequest
    private let additionalHeaders: [String: String]
    /// The open socket, and its TLS session on `https:`.
    ///
    /// `@unchecked Sendable`: the TLS session is used by the transfer's thread only; `stop()`
    /// touches the descriptor alone.
    private struct Connection: @unchecked Sendable {
        var descriptor: Int32
        var tls: OpaquePointer?
    }

    private let socket = SanitizerVisibleMutex<Connection?>(nil)
    private let tls: _TLSClientContext?
    private let stopped = SanitizerVisibleMutex(false)

    /// The longest response head (status line and headers) accepted.
    static let longestHead = 65_536

    /// A transfer of `urlRequest`; `tls` secures `https:` addresses (a redirect from `http:` to
    /// `https:` fails without it).
    init(urlRequest: URLRequest, additionalHeaders: [String: String], tls: _TLSClientContext?) {
        self.urlRequest = urlRequest
        self.additionalHeaders = additionalHeaders
        self.tls = tls
    }

    /// Starts the transfer for `exchange`, which it reports to.
    func begin(for exchange: _Exchange) {
        let thread = Thread { [self] in
            Self.blockBrokenPipeSignal()
            run(for: exchange)
            closeSocket()
        }
        thread.name = "Requests.transfer"
        thread.start()
    }

    /// Blocks `SIGPIPE` on the calling thread, so a write to a connection the server closed
    /// fails with `EPIPE` instead of ending the process. Plain sends say so with `MSG_NOSIGNAL`;
    /// OpenSSL's writes cannot, and the signal is sent to the thread that wrote. The thread is
    /// the transfer's own and ends with it, and a signal left pending on it goes with it.
    static func blockBrokenPipeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Stops the transfer: nothing more is reported, and a wait in progress ends at once.
    func stop() {
        stopped.withLock { $0 = true }
        socket.withLock { connection in
            if let connection { _ = shutdown(connection.descriptor, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Why a transfer ended early: stopped from outside (the exchange already knows), or a
    /// reason to report.
    fileprivate enum Ending: Error {
        case stopped
        case failed(RequestError.Reason)
    }

    private func run(for exchange: _Exchange) {
        do {
            try transfer(for: exchange)
        } catch {
            if case .failed(let reason) = error { exchange.fail(reason) }
        }
    }

    private func transfer(for exchange: _Exchange) throws(Ending) {
        guard var url = urlRequest.url else { throw .failed(.invalidURL("the request has no address")) }
        var method = urlRequest.httpMethod ?? "GET"
        var body = urlRequest.httpBody
        var isFirstHop = true
        var carriesCredentials = true
        guard Self.isToken(method) else {
            throw .failed(.invalidURL("the method \(method.debugDescription) is not a valid HTTP method"))
        }
        while true {
            guard let host = url.host, !host.isEmpty else {
                throw .failed(.invalidURL("no host in \(url.absoluteString)"))
            }
            let isSecure = url.scheme?.lowercased() == "https"
            guard let port = UInt16(exactly: url.port ?? (isSecure ? 443 : 80)), port > 0 else {
                throw .failed(.invalidURL("the port of \(url.absoluteString) is not between 1 and 65535"))
            }
            // Built before connecting, so a request that cannot be sent never opens a connection.
            let request =
                try requestHead(method: method, url: url, body: body, carriesCredentials: carriesCredentials)
                + (body ?? Data())
            guard let addresses = exchange.vet(host: host, isFirstHop: isFirstHop) else { throw .stopped }
            isFirstHop = false
            try checkStopped()
            try connect(to: addresses, port: Int(port), timeout: exchange.request.effectiveTimeout)
            if isSecure { try handshake(host: host) }
            try send(request)
            var reader = _SocketReader(transfer: self, limit: exchange.request.maximumBodySize)
            let head = try reader.readHead()
            if let next = try redirect(from: url, head: head, exchange: exchange) {
                closeSocket()
                let turnsIntoGet = head.status == 303 || (head.status == 301 || head.status == 302) && method == "POST"
                if turnsIntoGet, method != "HEAD" {
                    method = "GET"
                    body = nil
                }
                // The caller's credentials go to the origin they were meant for only.
                if next.scheme?.lowercased() != url.scheme?.lowercased() || next.host?.lowercased() != host.lowercased()
                    || next.port != url.port
                {
                    carriesCredentials = false
                }
                url = next
                continue
            }
            guard
                let response = HTTPURLResponse(
                    url: url, statusCode: head.status, httpVersion: head.version, headerFields: head.headers)
            else {
                throw .failed(.transport(_Exchange.transportSentence(.cannotParseResponse)))
            }
            guard exchange.receive(response) else { throw .stopped }
            try receiveBody(head: head, method: method, reader: &reader, exchange: exchange)
            exchange.complete(error: nil)
            return
        }
    }

    private func checkStopped() throws(Ending) {
        if isStopped { throw .stopped }
    }

    // MARK: - Request

    /// Whether `text` is an HTTP token (RFC 9110, 5.6.2), as a method must be.
    private static func isToken(_ text: String) -> Bool {
        let allowed = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        return !text.isEmpty && text.utf8.allSatisfy(allowed.contains)
    }

    /// Header fields that carry credentials, which a redirect to another origin drops.
    private static let credentialFields: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    private func requestHead(method: String, url: URL, body: Data?, carriesCredentials: Bool) throws(Ending) -> Data {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let host = url.host ?? ""
        var authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if let port = url.port, port != (url.scheme?.lowercased() == "https" ? 443 : 80) { authority += ":\(port)" }
        var fields: [(String, String)] = [("Host", authority)]
        var given = additionalHeaders
        for (name, value) in urlRequest.allHTTPHeaderFields ?? [:] {
            given = given.filter { $0.key.lowercased() != name.lowercased() }
            given[name] = value
        }
        let managed: Set<String> = ["host", "connection", "accept-encoding", "content-length", "transfer-encoding"]
        for (name, value) in given.sorted(by: { $0.key < $1.key }) where !managed.contains(name.lowercased()) {
            if !carriesCredentials, Self.credentialFields.contains(name.lowercased()) { continue }
            fields.append((name, value))
        }
        if !given.keys.contains(where: { $0.lowercased() == "user-agent" }) {
            fields.append(("User-Agent", ProcessInfo.processInfo.processName))
        }
        if !given.keys.contains(where: { $0.lowercased() == "accept" }) { fields.append(("Accept", "*/*")) }
        if let user = components?.percentEncodedUser, !user.isEmpty {
            let password = components?.percentEncodedPassword ?? ""
            let credentials = (user.removingPercentEncoding ?? user) + ":" + (password.removingPercentEncoding ?? "")
            fields.append(("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString()))
        }
        fields.append(("Accept-Encoding", "gzip, deflate"))
        fields.append(("Connection", "close"))
        if let body { fields.append(("Content-Length", String(body.count))) }
        var text = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in fields {
            guard ServiceRequest.canSendHeaderField(name: name, value: value) else {
                throw .failed(.invalidURL("the request header \(name) holds a line break or is not a valid name"))
            }
            text += "\(name): \(value)\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    private func redirect(from url: URL, head: _ResponseHead, exchange: _Exchange) throws(Ending) -> URL? {
        guard [301, 302, 303, 307, 308].contains(head.status), let location = head.field("location") else {
            return nil
        }
        let next = URL(string: location, relativeTo: url)?.absoluteURL
        guard exchange.redirectIsAllowed(to: next) else { throw .stopped }
        return next
    }

    // MARK: - Body

    private func receiveBody(
        head: _ResponseHead, method: String, reader: inout _SocketReader, exchange: _Exchange
    ) throws(Ending) {
        let limit = exchange.request.maximumBodySize
        var inflater = head.contentCoding.map(_Inflater.init(wrapper:))
        var raw = 0
        let deliver = { (bytes: ArraySlice<UInt8>) throws(Ending) in
            raw += bytes.count
            if raw > limit {
                exchange.fail(.bodyTooLarge(limit: limit))
                throw .stopped
            }
            if inflater != nil {
                do {
                    try inflater?.feed(bytes) { chunk in
                        exchange.receive(Data(chunk))
                        if self.isStopped { throw Ending.stopped }
                    }
                } catch let damage as _Inflater.Damage {
                    throw .failed(.transport(Self.damaged(damage)))
                } catch {
                    throw .stopped
                }
            } else {
                exchange.receive(Data(bytes))
            }
            try self.checkStopped()
        }
        if method == "HEAD" || (100..<200).contains(head.status) || head.status == 204 || head.status == 304 {
            return
        }
        guard let framing = head.framing else {
            throw .failed(.transport(_Exchange.transportSentence(.cannotParseResponse)))
        }
        switch framing {
        case .chunked: try reader.readChunks(deliver)
        case .length(let length): try reader.read(length: length, deliver)
        case .toEnd: try reader.readToEnd(deliver)
        }
        do {
            // An empty body needs no decoding, whatever its coding says.
            if raw > 0 { try inflater?.finish() }
        } catch {
            throw .failed(.transport(Self.damaged(error)))
        }
    }

    private static func damaged(_ damage: _Inflater.Damage) -> String {
        "the server's compressed answer is damaged and cannot be decompressed (\(damage.detail)); try again later"
    }

    // MARK: - Socket

    /// How long an attempt on one of several addresses may take before the next is tried, at
    /// most: a host whose first address is unreachable without an answer (IPv6 routed but
    /// broken, say) still connects over the next one in a few seconds. The last address gets
    /// whatever the timeout leaves.
    static let attemptMilliseconds = 3_000

    /// The order to try a host's addresses in: the resolver's, with the families alternating
    /// from its first choice, so one family that fails costs one attempt before the other's.
    static func attemptOrder(_ addresses: [IPAddress]) -> [IPAddress] {
        guard let first = addresses.first else { return [] }
        var preferred = addresses.filter { $0.isIPv4 == first.isIPv4 }[...]
        var other = addresses.filter { $0.isIPv4 != first.isIPv4 }[...]
        var ordered: [IPAddress] = []
        while let next = preferred.popFirst() {
            ordered.append(next)
            if let alternate = other.popFirst() { ordered.append(alternate) }
        }
        return ordered + other
    }

    private func connect(to addresses: [IPAddress], port: Int, timeout: SchedulerDuration) throws(Ending) {
        let ordered = Self.attemptOrder(addresses)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout.ticks, 0)) * 1_000_000
        var lastError: Int32 = ECONNREFUSED
        for (index, address) in ordered.enumerated() {
            try checkStopped()
            let now = DispatchTime.now().uptimeNanoseconds
            let left = deadline > now ? Int((deadline - now) / 1_000_000) : 0
            let isLast = index == ordered.count - 1
            let outcome = connect(
                to: address, port: port, within: isLast ? max(left, 1) : min(max(left, 1), Self.attemptMilliseconds))
            switch outcome {
            case .connected(let descriptor):
                let kept = socket.withLock { held -> Bool in
                    guard !isStopped else { return false }
                    held = Connection(descriptor: descriptor)
                    return true
                }
                if !kept {
                    close(descriptor)
                    throw .stopped
                }
                return
            case .failed(let code):
                lastError = code
            }
        }
        try checkStopped()
        switch lastError {
        case ECONNREFUSED:
            throw .failed(.transport(_Exchange.transportSentence(.cannotConnectToHost)))
        case ETIMEDOUT:
            throw .failed(
                .transport("the server did not accept the connection in time; check the address and your connection"))
        default:
            let detail = String(cString: strerror(lastError))
            throw .failed(
                .transport("could not connect to the server (\(detail)); check the address and your connection"))
        }
    }

    private enum Attempt {
        case connected(Int32)
        /// Not connected, with the `errno` that says why.
        case failed(Int32)
    }

    private func connect(to address: IPAddress, port: Int, within milliseconds: Int) -> Attempt {
        let family = address.isIPv4 ? AF_INET : AF_INET6
        #if canImport(Glibc)
            let descriptor = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .failed(errno) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let started = withSocketAddress(of: address, port: port) { pointer, length in
            Glibc.connect(descriptor, pointer, length)
        }
        if started != 0 && errno != EINPROGRESS {
            let code = errno
            close(descriptor)
            return .failed(code)
        }
        if started != 0 {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
            var ready = false
            while !ready {
                if isStopped || DispatchTime.now().uptimeNanoseconds >= deadline {
                    close(descriptor)
                    return .failed(ETIMEDOUT)
                }
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                ready = poll(&entry, 1, 100) > 0
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
            if code != 0 {
                close(descriptor)
                return .failed(code)
            }
        }
        return .connected(descriptor)
    }

    private func withSocketAddress<T>(
        of address: IPAddress, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T
    ) -> T {
        func passing<Address>(_ value: inout Address) -> T {
            withUnsafePointer(to: &value) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<Address>.size))
                }
            }
        }
        if address.isIPv4 {
            var value = sockaddr_in()
            value.sin_family = sa_family_t(AF_INET)
            value.sin_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeMutableBytes(of: &value.sin_addr) { $0.copyBytes(from: address.bytes) }
            return passing(&value)
        }
        var value = sockaddr_in6()
        value.sin6_family = sa_family_t(AF_INET6)
        value.sin6_port = in_port_t(UInt16(port).bigEndian)
        withUnsafeMutableBytes(of: &value.sin6_addr) { $0.copyBytes(from: address.bytes) }
        return passing(&value)
    }

    private func closeSocket() {
        socket.withLock { connection in
            if let open = connection {
                if let session = open.tls, let library = tls?.library { library.free(session) }
                close(open.descriptor)
            }
            connection = nil
        }
    }

    // MARK: - TLS

    /// Makes the TLS session on the open socket: the server's certificate must chain to a
    /// trusted authority and name `host`.
    private func handshake(host: String) throws(Ending) {
        guard let tls, let session = tls.library.new(tls.context) else {
            throw .failed(.transport(_Exchange.transportSentence(.secureConnectionFailed)))
        }
        let library = tls.library
        let attached = socket.withLock { connection -> Bool in
            guard var open = connection else { return false }
            open.tls = session
            connection = open
            return library.setDescriptor(session, open.descriptor) == 1
        }
        guard attached else {
            if socket.withLock({ $0?.tls }) == nil { library.free(session) }
            throw .stopped
        }
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        // The name the certificate must carry. An address is checked in its canonical form (the
        // one connected to), whatever way it was written (`0x7f.1`, `010.0.0.1`...); a step
        // OpenSSL refuses fails the handshake rather than leave the name unchecked.
        let named: Bool
        if let address = IPAddress(name) {
            named = library.parametersSetIP(library.parameters(session), address.description) == 1
        } else {
            let serverName = name.withCString {
                library.control(
                    session, _OpenSSL.setServerName, _OpenSSL.hostNameType, UnsafeMutableRawPointer(mutating: $0))
            }
            named = serverName == 1 && library.setHost(session, name) == 1
        }
        guard named else {
            throw .failed(
                .transport(
                    "a secure connection could not be made: \(name) cannot be checked against a certificate; "
                        + "check the address"))
        }
        while true {
            library.clearErrors()
            let result = library.connect(session)
            if result == 1 { return }
            switch library.error(session, result) {
            case _OpenSSL.wantsRead: _ = try wait(forWriting: false)
            case _OpenSSL.wantsWrite: _ = try wait(forWriting: true)
            default:
                try checkStopped()
                let verdict = library.verifyResult(session)
                if verdict != 0 {
                    let reason = library.verifyResultText(verdict).map { String(cString: $0) } ?? "code \(verdict)"
                    throw .failed(
                        .transport(
                            "a secure connection could not be made: the server's certificate was refused (\(reason)); "
                                + "check the address"))
                }
                let detail = library.takeErrorText().map { " (\($0))" } ?? ""
                throw .failed(
                    .transport(
                        "a secure connection could not be made: the TLS handshake failed\(detail); check the address"))
            }
        }
    }

    /// Waits until the socket can be read (or written), in short slices so a stop is seen.
    fileprivate func wait(forWriting: Bool) throws(Ending) -> Int32 {
        while true {
            try checkStopped()
            guard let descriptor = socket.withLock({ $0?.descriptor }) else { throw .stopped }
            var entry = pollfd(fd: descriptor, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
            if poll(&entry, 1, 250) != 0 { return descriptor }
        }
    }

    private func send(_ data: Data) throws(Ending) {
        let bytes = [UInt8](data)
        if let session = socket.withLock({ $0?.tls }), let library = tls?.library {
            return try sendSecurely(bytes, session: session, library: library)
        }
        var offset = 0
        while offset < bytes.count {
            let descriptor = try wait(forWriting: true)
            let sent = bytes[offset...].withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                try checkStopped()
                throw .failed(.transport(_Exchange.transportSentence(.networkConnectionLost)))
            }
            offset += sent
        }
    }

    private func sendSecurely(_ bytes: [UInt8], session: OpaquePointer, library: _OpenSSL) throws(Ending) {
        var offset = 0
        while offset < bytes.count {
            try checkStopped()
            library.clearErrors()
            let written = bytes[offset...].withUnsafeBytes { library.write(session, $0.baseAddress, Int32($0.count)) }
            if written > 0 {
                offset += Int(written)
                continue
            }
            switch library.error(session, written) {
            case _OpenSSL.wantsRead: _ = try wait(forWriting: false)
            case _OpenSSL.wantsWrite: _ = try wait(forWriting: true)
            default:
                try checkStopped()
                throw .failed(.transport(_Exchange.transportSentence(.networkConnectionLost)))
            }
        }
    }

    /// Bytes from the TLS session, read before waiting: OpenSSL may hold some already.
    private func receiveSecurely(
        into buffer: inout [UInt8], session: OpaquePointer, library: _OpenSSL
    ) throws(Ending) -> Int {
        while true {
            try checkStopped()
            library.clearErrors()
            let count = buffer.withUnsafeMutableBytes { library.read(session, $0.baseAddress, Int32($0.count)) }
            if count > 0 { return Int(count) }
            switch library.error(session, count) {
            case _OpenSSL.wantsRead: _ = try wait(forWriting: false)
            case _OpenSSL.wantsWrite: _ = try wait(forWriting: true)
            case _OpenSSL.closedCleanly: return 0
            case _OpenSSL.systemCallError where errno == 0 || errno == ECONNRESET:
                // Closed without TLS's goodbye, as many servers do: the framing says whether
                // the answer was whole.
                try checkStopped()
                return 0
            default:
                try checkStopped()
                throw .failed(.transport(_Exchange.transportSentence(.networkConnectionLost)))
            }
        }
    }

    /// Up to `count` bytes from the socket; empty at the end of the stream.
    fileprivate func receive(into buffer: inout [UInt8]) throws(Ending) -> Int {
        if let session = socket.withLock({ $0?.tls }), let library = tls?.library {
            return try receiveSecurely(into: &buffer, session: session, library: library)
        }
        while true {
            let descriptor = try wait(forWriting: false)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            try checkStopped()
            if count >= 0 { return count }
            if errno == EAGAIN || errno == EINTR { continue }
            if errno == ECONNRESET { return 0 }
            throw .failed(.transport(_Exchange.transportSentence(.networkConnectionLost)))
        }
    }

    /// Reads the response from the socket: the head, then the body by its framing. What it
    /// holds is bounded whatever the server sends: a head of 64 KB, a line of 4 KB, 8 interim
    /// answers, and the body's framing (chunk sizes, extensions, trailers) counted with the body
    /// against the request's limit.
    fileprivate struct _SocketReader {
        let transfer: _SocketTransfer
        /// The request's body limit; the framing's bytes count towards it too.
        let limit: Int
        private var buffer: [UInt8] = []
        private var start = 0
        private var scratch = [UInt8](repeating: 0, count: 65_536)
        private var framingBytes = 0

        /// Interim (1xx) answers skipped before the final one, at most.
        static let mostInterimAnswers = 8
        /// The longest line of chunked framing (a size and its extensions, a trailer field).
        static let longestLine = 4_096

        init(transfer: _SocketTransfer, limit: Int) {
            self.transfer = transfer
            self.limit = limit
        }

        /// Reads more into the buffer, first dropping what was consumed; false at the end of
        /// the stream.
        private mutating func fill() throws(Ending) -> Bool {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let count = try transfer.receive(into: &scratch)
            guard count > 0 else { return false }
            buffer.append(contentsOf: scratch[..<count])
            return true
        }

        private var available: Int { buffer.count - start }

        /// The response head; interim `1xx` answers are skipped.
        mutating func readHead() throws(Ending) -> _ResponseHead {
            for _ in 0...Self.mostInterimAnswers {
                let head = try readOneHead()
                if (100..<200).contains(head.status), head.status != 101 { continue }
                return head
            }
            throw .failed(
                .transport(
                    "the server sent more than \(Self.mostInterimAnswers) interim answers and no final one; "
                        + "check the address"))
        }

        private mutating func readOneHead() throws(Ending) -> _ResponseHead {
            var searched = start
            while true {
                let end = Self.endOfHead(in: buffer, from: max(start, searched - 2))
                if (end ?? buffer.count) - start > _SocketTransfer.longestHead {
                    throw .failed(
                        .transport(
                            "the server's answer has headers longer than 64 KB, which is not a feed server's; "
                                + "check the address"))
                }
                if let end {
                    let bytes = buffer[start..<end]
                    start = end
                    guard let head = _ResponseHead(bytes) else {
                        throw .failed(.transport(_Exchange.transportSentence(.cannotParseResponse)))
                    }
                    return head
                }
                searched = buffer.count
                let hadStart = start
                guard try fill() else {
                    let sentence =
                        available == 0
                        ? _Exchange.transportSentence(.badServerResponse)
                        : _Exchange.transportSentence(.cannotParseResponse)
                    throw .failed(.transport(sentence))
                }
                searched -= hadStart
            }
        }

        /// The index just after the empty line that ends a head (CRLF CRLF, or bare LFs, which
        /// some servers send), searching from `from`.
        private static func endOfHead(in bytes: [UInt8], from: Int) -> Int? {
            var index = from
            while index + 1 < bytes.count {
                if bytes[index] == 10 {
                    if bytes[index + 1] == 10 { return index + 2 }
                    if bytes[index + 1] == 13, index + 2 < bytes.count, bytes[index + 2] == 10 { return index + 3 }
                }
                index += 1
            }
            return nil
        }

        private mutating func take(
            upTo count: Int, _ deliver: (ArraySlice<UInt8>) throws(Ending) -> Void
        ) throws(Ending) -> Int {
            let taken = min(count, available)
            if taken > 0 {
                try deliver(buffer[start..<start + taken])
                start += taken
            }
            return taken
        }

        mutating func read(length: Int, _ deliver: (ArraySlice<UInt8>) throws(Ending) -> Void) throws(Ending) {
            var remaining = length
            while remaining > 0 {
                remaining -= try take(upTo: remaining, deliver)
                if remaining > 0, try !fill() {
                    throw .failed(.transport(_Exchange.transportSentence(.unknown)))
                }
            }
        }

        mutating func readToEnd(_ deliver: (ArraySlice<UInt8>) throws(Ending) -> Void) throws(Ending) {
            repeat {
                _ = try take(upTo: available, deliver)
            } while try fill()
        }

        mutating func readChunks(_ deliver: (ArraySlice<UInt8>) throws(Ending) -> Void) throws(Ending) {
            while true {
                let line = try readFramingLine()
                let sizeText = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 32 && $0 != 9 }
                guard !sizeText.isEmpty, sizeText.count <= 15, sizeText.allSatisfy(Self.isHexDigit),
                    let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16)
                else {
                    throw .failed(.transport(_Exchange.transportSentence(.cannotParseResponse)))
                }
                if size == 0 {
                    // Trailer fields, up to the empty line.
                    while try !readFramingLine().isEmpty {}
                    return
                }
                try read(length: size, deliver)
                guard try readFramingLine().isEmpty else {
                    throw .failed(.transport(_Exchange.transportSentence(.cannotParseResponse)))
                }
            }
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
        }

        /// A line of chunked framing without its CRLF (or LF), counted against the limit.
        private mutating func readFramingLine() throws(Ending) -> [UInt8] {
            while true {
                if let newline = buffer[start...].firstIndex(of: 10) {
                    var line = Array(buffer[start..<newline])
                    if line.last == 13 { line.removeLast() }
                    framingBytes += newline + 1 - start
                    start = newline + 1
                    if framingBytes > limit { throw .failed(.bodyTooLarge(limit: limit)) }
                    return line
                }
                if available > Self.longestLine {
                    throw .failed(.transport(_Exchange.transportSentence(.cannotParseResponse)))
                }
                guard try fill() else { throw .failed(.transport(_Exchange.transportSentence(.unknown))) }
            }
        }
    }
}

/// A response's status line and header fields.
struct _ResponseHead {
    let version: String
    let status: Int
    /// Each field once; repeated fields joined with ", " (`Set-Cookie` aside, which feeds do not use).
    let headers: [String: String]

    init?(_ bytes: ArraySlice<UInt8>) {
        // Split the bytes, not the text: "\r\n" is one Character in Swift.
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)[...]
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
            let status = Int(parts[1]), (100...599).contains(status)
        else { return nil }
        var headers: [String: String] = [:]
        var names: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains(" ") else { return nil }
            if let existing = names[name.lowercased()] {
                headers[existing] = headers[existing].map { "\($0), \(value)" } ?? value
            } else {
                names[name.lowercased()] = name
                headers[name] = value
            }
        }
        self.version = String(parts[0])
        self.status = status
        self.headers = headers
    }

    /// The value of the field named `name`, in any case.
    func field(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name }?.value
    }

    /// How the body is delimited.
    enum Framing: Equatable {
        case chunked
        case length(Int)
        case toEnd
    }

    /// The body's framing: chunked when the last transfer coding says so, else the announced
    /// length (digits only; repeated values must agree), else to the end of the connection;
    /// `nil` when the length is not a number or its values disagree.
    var framing: Framing? {
        let codings = field("transfer-encoding")?.lowercased().split(separator: ",")
        if codings?.last?.trimmingCharacters(in: .whitespaces) == "chunked" { return .chunked }
        guard let announced = field("content-length") else { return .toEnd }
        let values = Set(announced.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        guard values.count == 1, let value = values.first, !value.isEmpty, value.count <= 18,
            value.utf8.allSatisfy({ (48...57).contains($0) }), let length = Int(value)
        else { return nil }
        return .length(length)
    }

    /// The decoding the body needs, or `nil` for one to pass on as it is (identity, or a coding
    /// that was not asked for, which the caller then sees as is).
    var contentCoding: _Inflater.Wrapper? {
        switch field("content-encoding")?.lowercased().trimmingCharacters(in: .whitespaces) {
        case "gzip", "x-gzip": .gzip
        case "deflate": .zlibOrRaw
        default: nil
        }
    }
}
