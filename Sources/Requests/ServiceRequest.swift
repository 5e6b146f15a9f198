public import Foundation
public import Streams

/// One HTTP request to a ``RemoteService``: method, path, query, headers, body and limits.
///
/// Path components and query items are kept unencoded; ``makeURL()`` encodes them.
public struct ServiceRequest: Sendable {
    /// The largest body accepted unless a request says otherwise: 10 MiB, counted after
    /// decompression. Enough for a document or an API's answer, and small enough that an address
    /// that leads to something else (a video, a disk image) fails before it fills memory; a
    /// request that expects more sets ``maximumBodySize``.
    public static let defaultMaximumBodySize = 10 * 1024 * 1024

    /// The most redirects followed unless a request says otherwise.
    public static let defaultMaximumRedirects = 10

    /// The service the request goes to.
    public var service: RemoteService
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the service's base URL, one unencoded segment per element.
    public var pathComponents: [String]
    /// Query items, unencoded, appended after any query the base URL already has.
    public var queryItems: [URLQueryItem]
    /// Header fields to send.
    public var headers: [String: String]
    /// The body to send, if any.
    public var body: Data?
    /// How long the whole exchange may take; `nil` uses the service's default.
    public var timeout: SchedulerDuration?
    /// The session for this request alone; `nil` uses the service's.
    public var session: NetworkSession?
    /// The status codes that count as success; any other fails with ``RequestError/Reason/status(_:body:)``.
    public var acceptedStatusCodes: Set<Int>
    /// The largest response body accepted, in bytes.
    public var maximumBodySize: Int
    /// The most redirects followed before the request fails.
    public var maximumRedirects: Int
    /// Where the body of an accepted answer goes as it arrives, instead of the response's
    /// ``NetworkResponse/body``; `nil` keeps it in memory.
    public var bodySink: (any ResponseBodySink)?

    /// A request with the given parts.
    public init(
        service: RemoteService,
        method: HTTPMethod = .get,
        pathComponents: [String] = [],
        queryItems: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: SchedulerDuration? = nil,
        session: NetworkSession? = nil,
        acceptedStatusCodes: Set<Int> = Set(200..<300),
        maximumBodySize: Int = ServiceRequest.defaultMaximumBodySize,
        maximumRedirects: Int = ServiceRequest.defaultMaximumRedirects
    ) {
        self.service = service
        self.method = method
        self.pathComponents = pathComponents
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.session = session
        self.acceptedStatusCodes = acceptedStatusCodes
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
    }

    /// The timeout that applies: the request's own, else the service's default.
    public var effectiveTimeout: SchedulerDuration { timeout ?? service.defaultTimeout }

    /// Seconds without a byte after which the transfer counts as stalled and ends: half the
    /// timeout, at least 30 (so a short request runs to its timeout) and at most 120 (so a
    /// download allowed hours fails within two minutes of its server going quiet).
    var stalledSeconds: Int {
        min(120, max(30, Int(clamping: effectiveTimeout.ticks / 2_000)))
    }

    /// The session that carries the request: its own, else the service's.
    public var effectiveSession: NetworkSession { session ?? service.session }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }

    /// A short description for messages: `GET https://host/path`.
    public var summary: String {
        let target = (try? makeURL().absoluteString) ?? "\(service.name):/\(pathComponents.joined(separator: "/"))"
        return "\(method) \(target)"
    }
}
