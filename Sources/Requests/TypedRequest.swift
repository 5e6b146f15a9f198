public import Foundation
public import Streams

/// A ``ServiceRequest`` together with the type its response decodes to.
///
/// ```swift
/// struct Quote: Decodable, Sendable { var text: String }
/// let today = Endpoint(service: api, path: "quotes").request(path: ["today"]).expecting(Quote.self)
/// let quote = try await today.value()
/// ```
public struct TypedRequest<Response: Sendable>: Sendable {
    /// The request to send.
    public var request: ServiceRequest
    private let decode: @Sendable (NetworkResponse) throws(RequestError) -> Response

    /// A request whose response `decode` turns into a `Response`.
    public init(
        _ request: ServiceRequest, decode: @escaping @Sendable (NetworkResponse) throws(RequestError) -> Response
    ) {
        self.request = request
        self.decode = decode
    }

    /// The decoded value of `response`.
    ///
    /// - Throws: ``RequestError`` with ``RequestError/Reason/undecodable(_:)`` when it does not decode.
    public func value(from response: NetworkResponse) throws(RequestError) -> Response {
        try decode(response)
    }

    /// Sends the request and decodes its response; cancelling the calling task cancels it.
    ///
    /// - Throws: ``RequestError``.
    public func value() async throws(RequestError) -> Response {
        try decode(try await request.response())
    }

    /// An observable that sends the request when subscribed, emits the decoded value and
    /// completes, or fails with a ``RequestError``. Disposing it cancels the transfer.
    public func values() -> Observable<Response> {
        _observable(send)
    }

    /// An observable that sends the request when subscribed, emits its outcome as one `Result`
    /// and completes: it never fails, so a long-lived stream built on it keeps going after a
    /// failed request. Disposing it cancels the transfer.
    public func results() -> Observable<Result<Response, RequestError>> {
        let send = self.send
        return Observable.create { observer in
            let task = send { result in
                observer.onNext(result)
                observer.onCompleted()
            }
            return Disposables.create { task.cancel() }
        }
    }

    /// Sends the request and calls `completion` once with the decoded value or a
    /// ``RequestError``, unless the returned task is cancelled first.
    @discardableResult
    public func send(completion: @escaping @Sendable (Result<Response, RequestError>) -> Void) -> RequestTask {
        let decode = self.decode
        return request.send { result in
            completion(result.flatMap { response in Result { () throws(RequestError) in try decode(response) } })
        }
    }
}

extension ServiceRequest {
    /// This request, expecting a JSON body that decodes as `type`.
    public func expecting<T: Decodable & Sendable>(
        _ type: T.Type, decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
    ) -> TypedRequest<T> {
        TypedRequest(self) { response throws(RequestError) in try response.decode(type, using: decoder()) }
    }

    /// This request, expecting a UTF-8 text body.
    public func expectingText() -> TypedRequest<String> {
        TypedRequest(self) { response throws(RequestError) in
            guard let text = String(data: response.body, encoding: .utf8) else {
                throw RequestError(request: response.request, reason: .undecodable("the body is not UTF-8 text"))
            }
            return text
        }
    }
}
