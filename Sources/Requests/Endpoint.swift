public import Foundation
public import Streams

/// A group of requests that share a service and a common path, like `/v1/quotes`.
public struct Endpoint: Sendable {
    /// The service the requests go to.
    public var service: RemoteService
    /// The path below the service's base URL, one unencoded segment per element.
    public var pathComponents: [String]

    /// An endpoint at `path` below `service`'s base URL; each argument is one path segment.
    public init(service: RemoteService, path: String...) {
        self.init(service: service, pathComponents: path)
    }

    /// An endpoint at the given path segments below `service`'s base URL.
    public init(service: RemoteService, pathComponents: [String]) {
        self.service = service
        self.pathComponents = pathComponents
    }

    /// A request below this endpoint; `path` segments are appended to the endpoint's path.
    public func request(
        _ method: HTTPMethod = .get,
        path: [String] = [],
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        timeout: SchedulerDuration? = nil
    ) -> ServiceRequest {
        ServiceRequest(
            service: service,
            method: method,
            pathComponents: pathComponents + path,
            queryItems: query,
            headers: headers,
            body: body,
            timeout: timeout
        )
    }
}
