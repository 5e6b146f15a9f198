public import Requests
public import Streams

/// Performs requests of the request layer. ``NetworkBaseService`` does it over the network,
/// ``FakeNetworkService`` with canned responses.
public protocol NetworkBaseServiceType: Sendable {
    /// An observable that performs `request` when subscribed, then emits the response and
    /// completes, or fails with a ``RequestError``. Disposing it cancels the request.
    func response(for request: ServiceRequest) -> Observable<NetworkResponse>
}

extension NetworkBaseServiceType {
    /// Performs `request` and returns its response; cancelling the calling task cancels it.
    ///
    /// - Throws: ``RequestError``; ``RequestError/Reason/cancelled`` when the task was cancelled.
    public func response(for request: ServiceRequest) async throws(RequestError) -> NetworkResponse {
        try await response(for: request).firstResponse(for: request)
    }
}
