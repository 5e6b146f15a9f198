public import Foundation
public import Requests

/// A request a ``StubTransport`` received, for assertions: what was sent, and when.
public struct RecordedRequest: Sendable, CustomStringConvertible {
    /// The request as the transport received it.
    public let transportRequest: TransportRequest
    /// The transport's scheduler time when the request arrived.
    public let time: Int

    /// A record of `transportRequest`, received at `time`.
    public init(_ transportRequest: TransportRequest, time: Int) {
        self.transportRequest = transportRequest
        self.time = time
    }

    /// The HTTP method.
    public var method: HTTPMethod { transportRequest.method }
    /// The full URL, query included.
    public var url: URL { transportRequest.url }
    /// The URL's path, percent-decoded: `/v1/quotes`.
    public var path: String { transportRequest.url.path }
    /// The header fields sent, as the request named them.
    public var headers: [String: String] { transportRequest.headers }
    /// The body sent, if any.
    public var body: Data? { transportRequest.body }
    /// The request as its caller built it.
    public var serviceRequest: ServiceRequest { transportRequest.serviceRequest }

    /// The value of header field `name`, compared case-insensitively.
    public func header(_ name: String) -> String? { transportRequest.header(name) }

    /// `GET https://host/path at 200`.
    public var description: String { "\(transportRequest) at \(time)" }
}
