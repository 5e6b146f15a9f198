public import Foundation
public import Streams

/// A request that failed, with the request it belongs to and the reason.
public struct RequestError: Error, Sendable, CustomStringConvertible {
    /// Why a request failed.
    public enum Reason: Sendable, Equatable {
        /// The URL could not be built (no base URL in this environment, or an invalid one).
        case invalidURL(String)
        /// The connection failed: refused, reset, unreachable host, TLS failure...
        case transport(String)
        /// No complete response arrived within the timeout.
        case timeout(SchedulerDuration)
        /// The server answered with a status the request does not accept.
        case status(Int, body: Data)
        /// The body could not be decoded into the expected type.
        case undecodable(String)
        /// The request was cancelled before it finished.
        case cancelled
        /// The body is larger than the request's limit (announced or counted while streaming).
        case bodyTooLarge(limit: Int)
        /// A redirect led back to a URL already visited.
        case redirectLoop(URL)
        /// More redirects than the request's limit.
        case tooManyRedirects(limit: Int)
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

    /// A one-line message naming the request and the reason.
    public var description: String {
        "\(request.summary): \(reasonDescription)"
    }

    private var reasonDescription: String {
        switch reason {
        case .invalidURL(let detail): "invalid URL (\(detail))"
        case .transport(let detail): "connection failed (\(detail))"
        case .timeout(let duration): "no response within \(duration)"
        case .status(let code, let body): "HTTP status \(code)\(Self.excerpt(body))"
        case .undecodable(let detail): "unexpected response body (\(detail))"
        case .cancelled: "cancelled"
        case .bodyTooLarge(let limit): "response larger than the limit of \(limit) bytes"
        case .redirectLoop(let url): "redirect loop back to \(url.absoluteString)"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        }
    }

    private static func excerpt(_ body: Data) -> String {
        guard !body.isEmpty else { return "" }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .map { $0.isWhitespace || $0.unicodeScalars.contains(where: { $0.value < 0x20 }) ? " " : String($0) }
            .joined()
        return ": " + text.trimmingCharacters(in: .whitespaces)
    }
}

extension RequestError: CustomReflectable {
    /// A flat mirror: the request's summary and the reason.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": request.summary, "reason": reason], displayStyle: .struct)
    }
}
