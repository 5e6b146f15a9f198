public import Foundation

/// A request as a ``NetworkTransport`` receives it: checked and ready for the wire.
public struct TransportRequest: Sendable, CustomStringConvertible {
    /// The request as its caller built it, with its limits and timeout.
    public let serviceRequest: ServiceRequest
    /// The HTTP method.
    public let method: HTTPMethod
    /// The full URL, encoded: base URL, path and query.
    public let url: URL
    /// The header fields to send, as the request named them.
    public let headers: [String: String]
    /// The body to send, if any.
    public let body: Data?

    /// The transport's view of `serviceRequest`, whose URL is `url`.
    init(_ serviceRequest: ServiceRequest, url: URL) {
        self.serviceRequest = serviceRequest
        self.method = serviceRequest.method
        self.url = url
        self.headers = serviceRequest.headers
        self.body = serviceRequest.body
    }

    /// The value of header field `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }

    /// `GET https://host/path?query`.
    public var description: String { "\(method) \(url.absoluteString)" }
}
