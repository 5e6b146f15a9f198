public import Requests
public import Streams

/// Performs requests over the network with Foundation's `URLSession`.
///
/// Each request runs on its own session (``ServiceRequest/session``, else the service's),
/// so the singleton holds no state of its own.
///
/// ```swift
/// let request = Endpoint(service: api, path: "v1", "todos").request()
/// let subscription = NetworkBaseService.shared.response(for: request)
///     .subscribe(onNext: { print($0.statusCode) }, onError: { print($0) })
/// subscription.dispose()  // cancels the request if it is still running
/// ```
public final class NetworkBaseService: NetworkBaseServiceType {
    /// The one instance.
    public static let shared = NetworkBaseService()

    private init() {}

    /// Performs `request` when subscribed; emits its response and completes, or fails with a
    /// ``RequestError``. Disposing the subscription cancels the transfer.
    public func response(for request: ServiceRequest) -> Observable<NetworkResponse> {
        request.response()
    }
}
