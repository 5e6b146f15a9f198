public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension ServiceRequest {
    /// The full URL: the service's base URL, then each path component percent-encoded as one
    /// segment (a `/` inside a component becomes `%2F`), joined by single slashes, then the
    /// base URL's own query followed by the encoded query items.
    ///
    /// - Throws: ``RequestError`` with ``RequestError/Reason/invalidURL(_:)`` when the service
    ///   has no base URL in its environment or the result is not a valid URL.
    public func makeURL() throws(RequestError) -> URL {
        guard let base = service.resolvedBaseURL else {
            throw RequestError(
                request: self,
                reason: .invalidURL("service \(service.name) has no base URL in \(service.environment.rawValue)")
            )
        }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
            throw RequestError(request: self, reason: .invalidURL(base.absoluteString))
        }
        let segments = pathComponents.filter { !$0.isEmpty }.map(Self.encodePathSegment)
        if !segments.isEmpty {
            var path = components.percentEncodedPath
            while path.hasSuffix("/") { path.removeLast() }
            path += "/" + segments.joined(separator: "/")
            components.percentEncodedPath = path
        }
        if !queryItems.isEmpty {
            let encoded = queryItems.map { item in
                let name = Self.encodeQueryPart(item.name)
                guard let value = item.value else { return name }
                return name + "=" + Self.encodeQueryPart(value)
            }
            let existing = components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 }
            components.percentEncodedQuery = ([existing].compactMap { $0 } + encoded).joined(separator: "&")
        }
        guard let url = components.url, url.scheme != nil else {
            throw RequestError(request: self, reason: .invalidURL(base.absoluteString))
        }
        return url
    }

    /// The Foundation request for this request, with method, headers, body and timeout.
    public func makeURLRequest() throws(RequestError) -> URLRequest {
        var urlRequest = URLRequest(url: try makeURL())
        urlRequest.httpMethod = method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // The exchange enforces the timeout itself, to the millisecond; Foundation's own timer
        // (coarse, and immediate for sub-second values on Linux) is only a backstop behind it.
        urlRequest.timeoutInterval = Double(max(effectiveTimeout.ticks, 0)) / 1000 + 5
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard Self.canSendHeaderField(name: name, value: value) else {
                throw RequestError(
                    request: self,
                    reason: .transport(
                        "the request was not sent: its header field \(name.debugDescription) holds a line break "
                            + "or is not a valid name"))
            }
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = body
        return urlRequest
    }

    /// Whether a header field can go on the wire as it is: a name that is not empty and holds no
    /// colon, and no line break or NUL in name or value. A line break would end the field early
    /// and start another (Foundation drops such a field without a word), so every transport
    /// refuses the request instead.
    static func canSendHeaderField(name: String, value: String) -> Bool {
        let breaks = (name + value).unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        return !breaks && !name.isEmpty && !name.contains(":")
    }

    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    )
    private static let pathExtras: Set<UInt8> = Set(Array("!$&'()*,;=:@".utf8))
    private static let queryExtras: Set<UInt8> = Set(Array("!$'()*,;:@/?".utf8))

    static func encodePathSegment(_ segment: String) -> String {
        percentEncode(segment) { unreserved.contains($0) || pathExtras.contains($0) }
    }

    /// Encodes a query name or value; `&`, `=`, `+` and `#` are always escaped so a server
    /// reads them back exactly.
    static func encodeQueryPart(_ part: String) -> String {
        percentEncode(part) { unreserved.contains($0) || queryExtras.contains($0) }
    }

    private static func percentEncode(_ text: String, keeping allowed: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
