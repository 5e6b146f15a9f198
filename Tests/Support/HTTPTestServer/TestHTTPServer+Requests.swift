import Foundation
public import Requests
public import Streams

extension TestHTTPServer {
    /// A service whose base URL is this server, with a short default timeout.
    public func service(timeout: SchedulerDuration = .seconds(5)) -> RemoteService {
        RemoteService(name: "test-server", baseURL: .fixed(baseURL), defaultTimeout: timeout)
    }

    /// A GET request for `path` (one or more segments) on this server.
    public func request(_ path: String..., timeout: SchedulerDuration? = nil) -> ServiceRequest {
        ServiceRequest(service: service(), pathComponents: path, timeout: timeout)
    }
}

/// Runs `body` with a fresh server answering with `handler`, and stops the server afterwards.
public func withTestHTTPServer<T>(
    _ handler: @escaping @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply,
    _ body: (TestHTTPServer) async throws -> T
) async throws -> T {
    let server = try TestHTTPServer(handler: handler)
    defer { server.stop() }
    return try await body(server)
}

/// The outcome of `request` on the real network service, as a `Result`.
public func outcome(of request: ServiceRequest) async -> Result<NetworkResponse, RequestError> {
    do {
        return .success(try await request.response())
    } catch {
        return .failure(error)
    }
}

extension Result where Failure == RequestError {
    /// The failure's reason, or `nil` on success.
    public var failureReason: RequestError.Reason? {
        if case .failure(let error) = self { return error.reason }
        return nil
    }

    /// The success value, or `nil` on failure.
    public var value: Success? { try? get() }
}
