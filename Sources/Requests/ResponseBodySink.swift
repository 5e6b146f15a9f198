public import Foundation

/// Where the body of a large answer goes as it arrives, instead of into memory: a file being
/// downloaded, a hash being computed.
///
/// Set a request's ``ServiceRequest/bodySink`` and the session hands the body of an answer the
/// request accepts to the sink chunk by chunk, in order, still counting it against the
/// request's ``ServiceRequest/maximumBodySize``; the response then comes with an empty body.
/// The body of an answer the request does not accept (a `404` page) is kept as usual, for its
/// ``RequestError``. The session calls a sink from one thread at a time, the one that carries
/// the transfer, so a sink does little work per chunk.
///
/// Throwing stops the transfer at once: the request fails with
/// ``RequestError/Reason/transport(_:)`` carrying the error's description, so a sink's error
/// says in a sentence what went wrong (`the disk is full`).
///
/// ```swift
/// var request = ServiceRequest(service: podcasts, pathComponents: ["episode-2.mp3"])
/// request.maximumBodySize = 2_000_000_000
/// request.bodySink = episodeFile  // writes each chunk to disk
/// let response = try await request.response()  // response.body is empty
/// ```
public protocol ResponseBodySink: Sendable {
    /// Called once, before any chunk, with the status and header fields of the accepted answer.
    func open(statusCode: Int, headers: [String: String]) throws
    /// Called with each chunk of the body, decompressed, in the order it arrived.
    func write(_ chunk: Data) throws
}
