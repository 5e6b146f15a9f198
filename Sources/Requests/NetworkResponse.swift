public import Foundation

/// A complete HTTP response: status, headers and body.
public struct NetworkResponse: Sendable {
    /// The request this answers.
    public let request: ServiceRequest
    /// The URL that answered, after any redirects.
    public let url: URL
    /// The HTTP status code.
    public let statusCode: Int
    /// Header fields, names lower-cased.
    public let headers: [String: String]
    /// The body.
    public let body: Data
    /// Where the requested resource now lives for good: ``url`` when the request was redirected
    /// and every redirect on the way was permanent (301 Moved Permanently or 308 Permanent
    /// Redirect), so that a stored address can follow it; `nil` otherwise.
    public let permanentURL: URL?

    /// A response with the given parts; header names are lower-cased.
    public init(
        request: ServiceRequest, url: URL, statusCode: Int, headers: [String: String], body: Data,
        permanentURL: URL? = nil
    ) {
        self.permanentURL = permanentURL
        self.request = request
        self.url = url
        self.statusCode = statusCode
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body decoded as `type` with `decoder`.
    ///
    /// - Throws: ``RequestError`` with ``RequestError/Reason/undecodable(_:)``.
    public func decode<T: Decodable>(
        _ type: T.Type, using decoder: JSONDecoder = JSONDecoder()
    ) throws(RequestError)
        -> T
    {
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw RequestError(request: request, reason: .undecodable(String(describing: error)))
        }
    }
}
