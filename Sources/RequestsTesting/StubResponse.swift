public import Foundation
public import Requests

/// What a stub of a ``StubTransport`` answers: a response, a failure, no answer at all, or an
/// answer made from the request.
///
/// The session treats the answer as it would one from the network: a status the request does
/// not accept fails with ``RequestError/Reason/status(_:body:)``, a body over the request's
/// limit with ``RequestError/Reason/bodyTooLarge(limit:)``.
public enum StubResponse: Sendable {
    /// A response with `status`, header fields and body.
    case respond(status: Int, headers: [String: String], body: Data)
    /// A failure with `reason`, as a transport reports it: for example
    /// `.fail(.transport("the server refused the connection"))`.
    case fail(RequestError.Reason)
    /// No answer: the request ends at its timeout, measured on the transport's scheduler, unless
    /// it is cancelled first.
    case noAnswer
    /// An answer made from the request when it arrives.
    case dynamic(@Sendable (RecordedRequest) -> StubResponse)

    /// A `200` with `body`.
    public static func ok(_ body: Data = Data(), headers: [String: String] = [:]) -> StubResponse {
        .respond(status: 200, headers: headers, body: body)
    }

    /// A `200` with `text` as UTF-8.
    public static func ok(_ text: String, headers: [String: String] = [:]) -> StubResponse {
        .respond(status: 200, headers: headers, body: Data(text.utf8))
    }

    /// A `200` with `value` encoded as JSON by `encoder`, and `Content-Type: application/json`.
    /// A value that does not encode answers a failure that says why.
    public static func json(
        _ value: some Encodable & Sendable, encoder: JSONEncoder = JSONEncoder()
    ) -> StubResponse {
        do {
            let body = try encoder.encode(value)
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: body)
        } catch {
            return .fail(.transport("the stubbed JSON answer could not be encoded (\(error))"))
        }
    }

    /// A response with `status` and `body`, for a failing status such as `503`.
    public static func status(_ status: Int, headers: [String: String] = [:], body: Data = Data()) -> StubResponse {
        .respond(status: status, headers: headers, body: body)
    }

    /// A failure as the connection refused by the server, in the words the network would use.
    public static let connectionRefused = StubResponse.fail(
        .transport("the server refused the connection; check the address and that the server is running"))
}
