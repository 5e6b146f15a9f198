public import Streams

/// What carries a ``NetworkSession``'s requests: the system's HTTP stack unless the session was
/// made over a transport of your own with ``NetworkSession/init(transport:)``.
///
/// A transport moves bytes; the session keeps every promise that is not about the wire, whatever
/// the transport: a request is checked before it is handed over (its URL is built and must be
/// `http` or `https`, its header fields must be sendable), its timeout is measured on the
/// transport's ``scheduler``, its body is held to the request's size limit, a status the request
/// does not accept fails with ``RequestError/Reason/status(_:body:)``, and disposing or
/// cancelling stops the transport's work at once. The transport reports what it receives to the
/// ``TransportExchange`` it is given, from any thread.
///
/// ```swift
/// /// Answers every request with an empty `204`, as soon as it is asked.
/// struct NoContentTransport: NetworkTransport {
///     func send(_ request: TransportRequest, to exchange: TransportExchange) -> any Disposable {
///         exchange.respond(status: 204)
///         return Disposables.empty
///     }
/// }
/// let api = RemoteService(
///     name: "api", baseURL: .fixed(apiURL), session: NetworkSession(transport: NoContentTransport()))
/// ```
///
/// `RequestsTesting`'s `StubTransport` is a transport that answers from stubbed routes after a
/// delay on a scheduler and records every request.
public protocol NetworkTransport: Sendable {
    /// The clock of this transport: the session measures each request's timeout on it. A
    /// transport that answers on a virtual-time scheduler returns that scheduler, so timeouts
    /// happen in virtual time too. By default, a real-time scheduler of the request layer.
    var scheduler: any Scheduler { get }

    /// Starts carrying `request` and reports what arrives to `exchange`: the status and header
    /// fields, the body in one or more chunks, then the end, or a failure. Disposing the result
    /// stops the work at once; the session does it when the request is cancelled, times out,
    /// or fails. The transport may report before it returns.
    func send(_ request: TransportRequest, to exchange: TransportExchange) -> any Disposable
}

extension NetworkTransport {
    /// A real-time scheduler of its own, so that a pool of threads kept busy never delays a
    /// timeout.
    public var scheduler: any Scheduler { _Exchange.timerScheduler }
}
