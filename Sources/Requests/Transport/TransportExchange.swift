public import Foundation

/// Where a ``NetworkTransport`` reports what it receives for one request; the session applies
/// the request's limits and delivers the result.
///
/// Report the head of the final answer, the body (in as many chunks as it arrives), then
/// ``finish()``; or ``fail(_:)`` at any point. A report after the exchange has ended (delivered,
/// failed, timed out or cancelled) is ignored, so a transport never has to ask first. All
/// methods may be called from any thread.
///
/// ```swift
/// exchange.receive(status: 200, headers: ["Content-Type": "text/plain"])
/// exchange.receive(Data("hello".utf8))
/// exchange.finish()
/// ```
public struct TransportExchange: Sendable {
    private let exchange: _Exchange
    /// The request being carried.
    public let request: TransportRequest

    init(_ exchange: _Exchange, request: TransportRequest) {
        self.exchange = exchange
        self.request = request
    }

    /// Whether the exchange has ended: the transport's work is no longer wanted.
    public var isFinished: Bool { exchange.isFinished }

    /// Takes the status and header fields of the final answer, which came from `url` (the
    /// request's URL when `nil`). False, and the exchange failed, when the `Content-Length` it
    /// announces is over the request's limit; false too once the exchange has ended.
    @discardableResult
    public func receive(status: Int, headers: [String: String] = [:], url: URL? = nil) -> Bool {
        guard !exchange.isFinished else { return false }
        return exchange.receive(_Exchange.Head(status: status, headers: headers, url: url ?? request.url))
    }

    /// Takes a chunk of the body, decompressed. False when the transport should stop: the body
    /// went past the request's limit (and the exchange failed), or the exchange has ended.
    @discardableResult
    public func receive(_ body: Data) -> Bool {
        exchange.receive(body)
    }

    /// Ends the exchange with the answer received: the response, or a
    /// ``RequestError/Reason/status(_:body:)`` failure when the request does not accept its
    /// status. Without a head, the exchange fails with a transport error.
    public func finish() {
        exchange.complete()
    }

    /// Ends the exchange with `reason`.
    public func fail(_ reason: RequestError.Reason) {
        exchange.fail(reason)
    }

    /// Reports a whole answer at once: the head, the body, the end.
    public func respond(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        guard receive(status: status, headers: headers) else { return }
        if !body.isEmpty {
            guard receive(body) else { return }
        }
        finish()
    }
}
