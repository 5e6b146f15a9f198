import Foundation
public import Streams

/// A request in flight, started with ``ServiceRequest/send(completion:)``.
public final class RequestTask: Sendable {
    private let exchange: _Exchange?

    init(exchange: _Exchange?) {
        self.exchange = exchange
    }

    /// Cancels the transfer; the completion handler is not called after this returns.
    public func cancel() {
        exchange?.cancel()
    }
}

extension ServiceRequest {
    /// Starts the request on its session and calls `completion` once with the response or a
    /// ``RequestError``, unless the returned task is cancelled first.
    ///
    /// ```swift
    /// let task = Endpoint(service: api, path: "v1", "quotes").request().send { result in
    ///     print(result.map(\.statusCode))
    /// }
    /// task.cancel()  // stops it, if it is still running
    /// ```
    @discardableResult
    public func send(completion: @escaping @Sendable (Result<NetworkResponse, RequestError>) -> Void) -> RequestTask {
        RequestTask(exchange: effectiveSession.start(self, completion: completion))
    }

    /// An observable that starts the request when subscribed, emits its response and completes,
    /// or fails with a ``RequestError``. Disposing the subscription cancels the transfer.
    public func response() -> Observable<NetworkResponse> {
        _observable(send)
    }

    /// Performs the request and returns its response; cancelling the calling task cancels the
    /// transfer.
    ///
    /// - Throws: ``RequestError``; ``RequestError/Reason/cancelled`` when the task was cancelled.
    public func response() async throws(RequestError) -> NetworkResponse {
        try await response().firstResponse(for: self)
    }
}

extension ObservableType where Element == NetworkResponse {
    /// Waits for the first response this observable emits, for any performer of requests (the
    /// network, or a fake that answers from memory); cancelling the calling task disposes the
    /// subscription.
    ///
    /// - Throws: the ``RequestError`` the observable failed with; any other error is reported as
    ///   ``RequestError/Reason/transport(_:)`` of `request`; completing without a response, or
    ///   the task's cancellation, as ``RequestError/Reason/cancelled``.
    public func firstResponse(for request: ServiceRequest) async throws(RequestError) -> NetworkResponse {
        let cancelled = RequestError(request: request, reason: .cancelled)
        let result = await firstResolved(cancelled: Result<NetworkResponse, RequestError>.failure(cancelled)) { event in
            switch event {
            case .next(let value): .success(value)
            case .error(let error as RequestError): .failure(error)
            case .error(let error):
                .failure(
                    RequestError(
                        request: request,
                        reason: .transport("the request failed (\(error)); check the address and try again")))
            case .completed: .failure(cancelled)
            }
        }
        return try result.get()
    }
}

/// An observable that calls `send` when subscribed, emits the one value it completes with and
/// completes, or fails; disposing it cancels the task `send` returned.
func _observable<Value: Sendable>(
    _ send: @escaping @Sendable (@escaping @Sendable (Result<Value, RequestError>) -> Void) -> RequestTask
) -> Observable<Value> {
    Observable.create { observer in
        let task = send { observer.onResult($0) }
        return Disposables.create { task.cancel() }
    }
}
