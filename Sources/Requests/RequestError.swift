public import Foundation
public import Streams

/// A request that failed, with the request it belongs to and the reason.
public struct RequestError: Error, Sendable, CustomStringConvertible {
    /// Why a request failed.
    public enum Reason: Sendable, Equatable {
        /// The URL could not be built (no base URL in this environment, or an invalid one).
        case invalidURL(String)
        /// The connection or the transfer failed: refused, reset, unreachable host, TLS failure,
        /// a reply that is not HTTP... The text is a sentence for people: what happened and what
        /// to do.
        case transport(String)
        /// No complete response arrived within the timeout.
        case timeout(SchedulerDuration)
        /// The server answered with a status the request does not accept.
        case status(Int, body: Data)
        /// The body could not be decoded into the expected type.
        case undecodable(String)
        /// The request was cancelled before it finished.
        case cancelled
        /// The body is larger than the request's limit (announced, or counted after
        /// decompression while streaming).
        case bodyTooLarge(limit: Int)
        /// A redirect led back to a URL already visited.
        case redirectLoop(URL)
        /// More redirects than the request's limit.
        case tooManyRedirects(limit: Int)
        /// The session's ``AddressPolicy`` refused an address the request (or a redirect) led to.
        case addressRefused(AddressRefusal)
    }

    /// The request that failed.
    public let request: ServiceRequest
    /// Why it failed.
    public let reason: Reason

    /// An error for `request` with `reason`.
    public init(request: ServiceRequest, reason: Reason) {
        self.request = request
        self.reason = reason
    }

    /// The status code when the failure is an unaccepted status.
    public var statusCode: Int? {
        if case .status(let code, _) = reason { return code }
        return nil
    }

    /// A one-line message naming the request and the reason: a sentence that says what
    /// happened and, where a person can do something about it, what to do. It never quotes the
    /// body of a response: a status is named by its code and phrase.
    public var description: String {
        Self.elidingLongWords("\(request.summary): \(reasonDescription)")
    }

    /// The longest word (an address, a host name) a message shows whole; longer ones keep
    /// their start and end around a "…", so a 100,000-character address makes a readable line.
    static let longestWord = 160

    /// `text` with every word longer than ``longestWord`` shortened in its middle.
    static func elidingLongWords(_ text: String) -> String {
        guard text.count > longestWord else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            guard word.count > longestWord else { return String(word) }
            let half = (longestWord - 1) / 2
            return String(word.prefix(half)) + "…" + String(word.suffix(half))
        }.joined(separator: " ")
    }

    private var reasonDescription: String {
        switch reason {
        case .invalidURL(let detail): "the address is not valid (\(detail)); check it and try again"
        case .transport(let detail): detail
        case .timeout(let duration):
            "no complete answer within \(duration); the server is slow or unreachable, try again later"
        case .status(let code, _): Self.statusSentence(code)
        case .undecodable(let detail): "the answer could not be read (\(detail))"
        case .cancelled: "cancelled"
        case .bodyTooLarge(let limit):
            "the answer is larger than the limit of \(limit) bytes (counted after decompression); "
                + "check that the address is the one you meant"
        case .redirectLoop(let url):
            "the server redirects in a loop (back to \(url.absoluteString)); check the address"
        case .tooManyRedirects(let limit): "the server redirected more than \(limit) times; check the address"
        case .addressRefused(let refusal): refusal.description
        }
    }

    private static func statusSentence(_ code: Int) -> String {
        let answered = "the server answered \(code)" + (HTTPStatus.reasonPhrase(code).map { " \($0)" } ?? "")
        switch code {
        case 401, 403: return answered + "; the address needs a login or is not public"
        case 404, 410: return answered + "; check the address"
        case 407:
            return "the proxy answered 407 Proxy Authentication Required; give its user name and password in the "
                + "proxy's address (http://USER:PASSWORD@HOST:PORT)"
        case 400..<500: return answered + "; check the address"
        case 500..<600: return answered + "; the server has a problem, try again later"
        default: return answered
        }
    }
}

extension RequestError: CustomReflectable {
    /// A flat mirror: the request's summary and the reason.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": request.summary, "reason": reason], displayStyle: .struct)
    }
}
