public import Streams

/// Performs requests of the request layer. ``NetworkBaseService`` does it over the network,
/// ``FakeNetworkService`` with canned responses.
public protocol NetworkBaseServiceType: Sendable {
    /// An observable that performs `request` when subscribed, then emits the response and
    /// completes, or fails with a ``NetworkError``. Disposing it cancels the request.
    func response(for request: ServiceRequest) -> Observable<NetworkResponse>
}

extension NetworkBaseServiceType {
    /// Performs `request` and returns its response; cancelling the calling task cancels it.
    ///
    /// - Throws: ``NetworkError``; ``NetworkError/Reason/cancelled`` when the task was cancelled.
    public func response(for request: ServiceRequest) async throws(NetworkError) -> NetworkResponse {
        let observable: Observable<NetworkResponse> = response(for: request)
        let bridge = _AsyncBridge<Result<NetworkResponse, NetworkError>>(
            cancelledValue: .failure(NetworkError(request: request, reason: .cancelled))
        )
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                bridge.start(continuation) {
                    observable.subscribe { event in
                        switch event {
                        case .next(let value):
                            bridge.resume(.success(value))
                        case .error(let error as NetworkError):
                            bridge.resume(.failure(error))
                        case .error(let error):
                            bridge.resume(
                                .failure(NetworkError(request: request, reason: .transport(String(describing: error))))
                            )
                        case .completed:
                            bridge.resume(.failure(NetworkError(request: request, reason: .cancelled)))
                        }
                    }
                }
            }
        } onCancel: {
            bridge.cancel()
        }
        return try result.get()
    }
}
