#if !canImport(Darwin)
    import CCurl
    import Foundation
    import Streams

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// One exchange over libcurl: one easy handle per hop, run by ``_CurlDriver``'s thread.
    ///
    /// Redirects are followed here, not by libcurl, so that each hop is judged before it starts
    /// (a web address, not visited before, within the limit) and credentials go only to the
    /// origin they were given for. Every connection a hop opens passes the ``AddressPolicy`` in
    /// the open-socket callback, which sees each address libcurl resolved before it connects; a
    /// redirect's hop never reuses a kept connection, so that callback sees its address too.
    /// Through a proxy, the policy judges the proxy's address, and the target's when it is a
    /// number: the target's name is the proxy's to resolve.
    ///
    /// The callbacks stop the transfer within one call: the body callback counts decompressed
    /// bytes against the limit, the progress callback compressed ones (and sees a stop), the
    /// header callback bounds heads, interim answers and trailers.
    ///
    /// `@unchecked Sendable`: `stopped` is a `SanitizerVisibleMutex`; everything else is used
    /// only on the driving thread (the configuration before the first hop is handed over through
    /// the driver's queue, under its lock).
    final class _CurlTransfer: _Transfer, @unchecked Sendable {
        /// The longest response head (status line and header fields) accepted.
        static let longestHead = 65_536
        /// Interim (1xx) answers skipped before the final one, at most.
        static let mostInterimAnswers = 8
        /// Header fields that carry credentials, which a redirect to another origin drops.
        static let credentialFields: Set<String> = ["authorization", "cookie", "proxy-authorization"]

        let exchange: _Exchange
        private let driver: _CurlDriver
        private let additionalHeaders: [String: String]
        private let proxies: _ProxyEnvironment
        /// The file of certificate authorities to trust instead of the system's.
        let certificateAuthorities: String?
        private let stopped = SanitizerVisibleMutex(false)
        /// libcurl's words for a failure, filled in by the hop that failed.
        let errorBuffer: UnsafeMutablePointer<CChar>

        // The hop, on the driving thread.
        private(set) var handle: UnsafeMutableRawPointer?
        private var headerList: UnsafeMutablePointer<curl_slist>?
        private(set) var url: URL
        private var method: String
        private var body: Data?
        private var headers: [String: String]
        private var carriesCredentials = true
        private var isFirstHop = true
        /// The scope of the address the previous hop reached, for a redirect's check.
        private var origin: IPAddress.Scope = .public
        /// The proxy of the current hop, if one applies.
        private(set) var proxy: URL?
        private var response = _CurlResponse()
        /// The first address the policy refused on this hop.
        private var refusal: AddressRefusal?

        init(
            exchange: _Exchange, driver: _CurlDriver, urlRequest: URLRequest, url: URL,
            additionalHeaders: [String: String], proxies: _ProxyEnvironment, certificateAuthorities: String?
        ) {
            self.exchange = exchange
            self.driver = driver
            self.additionalHeaders = additionalHeaders
            self.proxies = proxies
            self.certificateAuthorities = certificateAuthorities
            self.url = url
            self.method = urlRequest.httpMethod ?? "GET"
            self.body = urlRequest.httpBody
            self.headers = urlRequest.allHTTPHeaderFields ?? [:]
            self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        }

        deinit {
            errorBuffer.deallocate()
        }

        func begin() {
            driver.start(self)
        }

        func stop() {
            stopped.withLock { $0 = true }
            driver.remove(self)
        }

        var isStopped: Bool { stopped.withLock { $0 } }

        private var limit: Int { exchange.request.maximumBodySize }

        // MARK: - Hops

        /// Makes the easy handle of the next hop; false (and the exchange failed) when the hop
        /// cannot go.
        func prepareHop() -> Bool {
            guard let host = url.host, !host.isEmpty else {
                exchange.fail(.invalidURL("no host in \(url.absoluteString)"))
                return false
            }
            if let port = url.port, !(1...65535).contains(port) {
                exchange.fail(.invalidURL("the port of \(url.absoluteString) is not between 1 and 65535"))
                return false
            }
            guard Self.isToken(method) else {
                exchange.fail(.invalidURL("the method \(method.debugDescription) is not a valid HTTP method"))
                return false
            }
            switch proxies.route(for: url) {
            case .direct: proxy = nil
            case .proxy(let named): proxy = named
            case .unusable(let variable):
                exchange.fail(
                    .transport(
                        "the proxy named in \(variable) is not an address a proxy can have (such as "
                            + "http://proxy.example:3128); fix or unset \(variable)"))
                return false
            }
            if proxy != nil, let refusal = judgeNumericTarget(host: host) {
                exchange.fail(.addressRefused(refusal))
                return false
            }
            let (fields, refusedField) = headerLines()
            if let refusedField {
                exchange.fail(refusedField)
                return false
            }
            guard let handle = curl_easy_init() else {
                exchange.fail(.transport("the transfer could not be set up (out of memory); try again"))
                return false
            }
            self.handle = handle
            response = _CurlResponse()
            refusal = nil
            for field in fields { headerList = curl_slist_append(headerList, field) }
            configure(handle, host: host)
            return true
        }

        private func configure(_ handle: UnsafeMutableRawPointer, host: String) {
            let context = Unmanaged.passUnretained(self).toOpaque()
            errorBuffer[0] = 0
            _ = rivulet_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
            _ = rivulet_curl_set_string(handle, CURLOPT_URL, url.absoluteString)
            _ = rivulet_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            _ = rivulet_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            _ = rivulet_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            _ = rivulet_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            _ = rivulet_curl_set_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
            _ = rivulet_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
            _ = rivulet_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))
            // The exchange's own timer ends the exchange to the millisecond; libcurl's is a backstop.
            let timeout = max(exchange.request.effectiveTimeout.ticks, 0)
            _ = rivulet_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout) + 1_000)
            _ = rivulet_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
            _ = rivulet_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, stalledSeconds)
            _ = rivulet_curl_set_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
            // An explicit proxy, or none, and no host list to skip it: libcurl's own reading of the
            // environment (no_proxy included) stays out of it, so the policy knows which address a
            // connection goes to.
            _ = rivulet_curl_set_string(handle, CURLOPT_PROXY, proxy?.absoluteString ?? "")
            _ = rivulet_curl_set_string(handle, CURLOPT_NOPROXY, "")
            if let certificateAuthorities {
                _ = rivulet_curl_set_string(handle, CURLOPT_CAINFO, certificateAuthorities)
                _ = rivulet_curl_set_string(handle, CURLOPT_PROXY_CAINFO, certificateAuthorities)
            }
            if !isFirstHop, exchange.addressPolicy.isEnforced {
                _ = rivulet_curl_set_long(handle, CURLOPT_FRESH_CONNECT, 1)
            }
            let userAgent = headers.first { $0.key.lowercased() == "user-agent" }?.value
            _ = rivulet_curl_set_string(handle, CURLOPT_USERAGENT, userAgent ?? ProcessInfo.processInfo.processName)
            _ = rivulet_curl_set_list(handle, CURLOPT_HTTPHEADER, headerList)
            configureMethod(handle)
            _ = rivulet_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
            _ = rivulet_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<_CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
                    ? size * count : 0
            }
            _ = rivulet_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
            _ = rivulet_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<_CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: size * count))
                    ? size * count : 0
            }
            _ = rivulet_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
            _ = rivulet_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
            _ = rivulet_curl_set_progress_callback(handle) { context, _, received, _, _ in
                guard let context else { return 1 }
                let transfer = Unmanaged<_CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.progressed(received: Int64(received)) ? 0 : 1
            }
            _ = rivulet_curl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, context)
            _ = rivulet_curl_set_open_socket_callback(handle) { context, _, address in
                guard let context, let address else { return CURL_SOCKET_BAD }
                let transfer = Unmanaged<_CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.openSocket(address)
            }
        }

        /// Seconds without a byte after which a transfer counts as stalled
        /// (``ServiceRequest/stalledSeconds``).
        var stalledSeconds: Int { exchange.request.stalledSeconds }

        private func configureMethod(_ handle: UnsafeMutableRawPointer) {
            if let body {
                _ = rivulet_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                body.withUnsafeBytes { bytes in
                    _ = rivulet_curl_set_pointer(
                        handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
                if method != "POST" { _ = rivulet_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method) }
                return
            }
            switch method {
            case "GET": _ = rivulet_curl_set_long(handle, CURLOPT_HTTPGET, 1)
            case "HEAD": _ = rivulet_curl_set_long(handle, CURLOPT_NOBODY, 1)
            default: _ = rivulet_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method)
            }
        }

        /// The header fields to send, as libcurl takes them: the session's, then the request's
        /// (which win), without those libcurl manages and, after a redirect to another origin,
        /// without credentials; or the reason a field cannot be sent.
        private func headerLines() -> ([String], RequestError.Reason?) {
            var given = additionalHeaders
            for (name, value) in headers {
                given = given.filter { $0.key.lowercased() != name.lowercased() }
                given[name] = value
            }
            let managed: Set<String> = [
                "host", "connection", "accept-encoding", "content-length", "transfer-encoding", "user-agent", "expect",
            ]
            // No `Expect: 100-continue` wait before a large body.
            var lines = ["Expect:"]
            for (name, value) in given.sorted(by: { $0.key < $1.key }) where !managed.contains(name.lowercased()) {
                if !carriesCredentials, Self.credentialFields.contains(name.lowercased()) { continue }
                guard ServiceRequest.canSendHeaderField(name: name, value: value) else {
                    return ([], .invalidURL("the request header \(name) holds a line break or is not a valid name"))
                }
                // "Name:" would tell libcurl to drop the field; "Name;" sends it empty.
                lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
            return (lines, nil)
        }

        /// Whether `text` is an HTTP token (RFC 9110, 5.6.2), as a method must be.
        private static func isToken(_ text: String) -> Bool {
            let allowed = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
            return !text.isEmpty && text.utf8.allSatisfy(allowed.contains)
        }

        /// Frees the hop's easy handle and header list; on the driving thread, out of the multi
        /// handle.
        func release() {
            if let handle { curl_easy_cleanup(handle) }
            handle = nil
            if let headerList { curl_slist_free_all(headerList) }
            headerList = nil
        }

        /// The hop ended with `code`: the answer is complete, the next hop starts, or the
        /// exchange fails with a sentence.
        func hopEnded(_ code: CURLcode) {
            defer { release() }
            guard !isStopped, !exchange.isFinished else { return }
            if let failure = response.failure {
                exchange.fail(failure)
                return
            }
            guard code == CURLE_OK else {
                if code == CURLE_COULDNT_CONNECT, let refusal {
                    exchange.fail(.addressRefused(refusal))
                } else {
                    exchange.fail(reason(for: code))
                }
                return
            }
            guard let location = response.redirect else {
                exchange.complete()
                return
            }
            followRedirect(to: location)
        }

        private func followRedirect(to location: String) {
            let next = URL(string: location, relativeTo: url)?.absoluteURL
            guard exchange.redirectIsAllowed(to: next, status: response.status), let next else { return }
            origin = reachedScope()
            let status = response.status
            if status == 303 || (status == 301 || status == 302) && method == "POST", method != "HEAD" {
                method = "GET"
                body = nil
            }
            // The caller's credentials go to the origin they were meant for only.
            if next.scheme?.lowercased() != url.scheme?.lowercased()
                || next.host?.lowercased() != url.host?.lowercased() || next.port != url.port
            {
                carriesCredentials = false
            }
            url = next
            isFirstHop = false
            driver.start(self)
        }

        /// The scope of the address the hop reached: the server's, or through a proxy the
        /// target's when it is a number (else public, the strictest origin for what follows).
        private func reachedScope() -> IPAddress.Scope {
            if proxy != nil {
                return url.host.flatMap { IPAddress(Self.bare($0)) }?.scope ?? .public
            }
            var text: UnsafeMutablePointer<CChar>?
            guard let handle, rivulet_curl_get_string(handle, CURLINFO_PRIMARY_IP, &text) == CURLE_OK, let text,
                let address = IPAddress(String(cString: text))
            else { return .public }
            return address.scope
        }

        private static func bare(_ host: String) -> String {
            host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }

        // MARK: - The address policy

        private var hop: AddressPolicy.Hop { isFirstHop ? .requested : .redirect(from: origin) }

        private func judgeNumericTarget(host: String) -> AddressRefusal? {
            guard let address = IPAddress(Self.bare(host)) else { return nil }
            return exchange.addressPolicy.refusal(of: address, host: host, on: hop)
        }

        /// Opens a socket for an address libcurl is about to connect to, if the policy admits it.
        fileprivate func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
            guard !isStopped else { return CURL_SOCKET_BAD }
            let family = address.pointee.family
            guard let ip = Self.ipAddress(in: address) else { return CURL_SOCKET_BAD }
            let policy = exchange.addressPolicy
            let verdict: AddressRefusal?
            if let proxy {
                verdict = policy.refusal(of: ip, host: proxy.host ?? "the proxy", on: .requested)
            } else {
                verdict = policy.refusal(of: ip, host: url.host ?? "\(ip)", on: hop)
            }
            if let verdict {
                if refusal == nil { refusal = verdict }
                return CURL_SOCKET_BAD
            }
            return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
        }

        private static func ipAddress(in address: UnsafeMutablePointer<curl_sockaddr>) -> IPAddress? {
            guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \.addr) else { return nil }
            let socketAddress = UnsafeRawPointer(address) + offset
            switch address.pointee.family {
            case AF_INET:
                let ip = socketAddress.loadUnaligned(as: sockaddr_in.self).sin_addr
                return withUnsafeBytes(of: ip) { IPAddress(bytes: Array($0)) }
            case AF_INET6:
                let ip = socketAddress.loadUnaligned(as: sockaddr_in6.self).sin6_addr
                return withUnsafeBytes(of: ip) { IPAddress(bytes: Array($0)) }
            default:
                return nil
            }
        }

        // MARK: - The answer

        private func fail(_ reason: RequestError.Reason) -> Bool {
            if response.failure == nil { response.failure = reason }
            exchange.fail(reason)
            return false
        }

        /// Takes a line of a head (or a trailer field); false stops the transfer.
        fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard !isStopped else { return false }
            switch response.take(line: bytes, limit: limit) {
            case .more:
                return true
            case .failed(let reason):
                return fail(reason)
            case .finalHead:
                if response.redirect != nil { return true }
                let head = _Exchange.Head(status: response.status, headers: response.fields, url: url)
                return exchange.receive(head)
            }
        }

        /// Takes decompressed body bytes; false stops the transfer.
        fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard !isStopped else { return false }
            if response.redirect != nil {
                // A redirect's own body is dropped, and bounded like any other.
                response.droppedBytes += bytes.count
                return response.droppedBytes <= limit || fail(.bodyTooLarge(limit: limit))
            }
            return exchange.receive(Data(bytes))
        }

        /// Sees the compressed bytes received so far; false stops the transfer.
        fileprivate func progressed(received: Int64) -> Bool {
            guard !isStopped else { return false }
            return received <= Int64(limit) || fail(.bodyTooLarge(limit: limit))
        }
    }
#endif
