import Domain
import Foundation
import Requests
import Streams

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `.part` file a download writes into, as the request's body sink: continues the bytes
/// already there when the server answers the range asked for (`206`), starts over when it
/// sends the whole file (`200`), and holds the whole file to the size limit.
///
/// `@unchecked Sendable`: the mutable state is `state`, a `SanitizerVisibleMutex`.
final class _PartFile: ResponseBodySink, @unchecked Sendable {
    private struct State {
        var descriptor: Int32 = -1
        var written: Int64 = 0
        var total: Int64?
        var reported: Int64 = 0
        var isClosed = false
        /// Why the sink stopped the transfer, in the words the person reads.
        var failure: DownloadError?
    }

    /// Bytes between two progress reports.
    static let reportEvery: Int64 = 256 * 1024

    let path: String
    let offset: Int64
    let limit: Int64
    /// The address the bytes come from, recorded on the file (``_DownloadOrigin``).
    let origin: String
    private let report: @Sendable (DownloadEvent) -> Void
    private let state = SanitizerVisibleMutex(State())

    /// The part file at `path` that holds `offset` bytes from an earlier try of `origin`.
    init(
        path: String, offset: Int64, limit: Int64, origin: String,
        report: @escaping @Sendable (DownloadEvent) -> Void
    ) {
        self.path = path
        self.offset = offset
        self.limit = limit
        self.origin = origin
        self.report = report
    }

    /// The file's bytes on disk so far, and its size as the server gave it.
    var progress: (written: Int64, total: Int64?) { state.withLock { ($0.written, $0.total) } }

    /// Why the sink stopped the transfer, if it did.
    var failure: DownloadError? { state.withLock { $0.failure } }

    func open(statusCode: Int, headers: [String: String]) throws {
        let field = { (name: String) in headers.first { $0.key.lowercased() == name }?.value }
        var start: Int64 = 0
        var total = field("content-length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        if statusCode == 416 {
            // Asked for the bytes after the end: an earlier try received the whole file.
            let range = field("content-range").flatMap(Self.contentRange)
            guard offset > 0, range?.total == offset else {
                _ = truncate(path, 0)
                throw fail("the server could not continue the unfinished download; download it again to start over")
            }
            state.withLock { ($0.written, $0.total) = (offset, offset) }
            return
        }
        if statusCode == 206 {
            guard let range = field("content-range").flatMap(Self.contentRange), range.start == offset else {
                throw fail("the server sent a part of the file other than the one asked for; try again later")
            }
            (start, total) = (offset, range.total)
        }
        if let total, total > limit { throw fail(Self.tooLarge(limit)) }
        // A `200` is the whole file: what an earlier try left is replaced.
        let flags = O_WRONLY | O_CREAT | (start > 0 ? O_APPEND : O_TRUNC)
        let descriptor = openFile(path, flags)
        guard descriptor >= 0 else { throw fail(Self.sentence(errno: errno, path: path)) }
        _DownloadOrigin.record(origin, on: path)
        let isClosed = state.withLock { state -> Bool in
            if !state.isClosed { (state.descriptor, state.written, state.total) = (descriptor, start, total) }
            return state.isClosed
        }
        if isClosed { closeFile(descriptor) }
        report(.progress(received: start, total: total))
    }

    func write(_ chunk: Data) throws {
        // The bytes go out under the lock: a `close()` from another thread (a download cancelled)
        // waits for them, so the descriptor is never closed, and perhaps given to another file,
        // between reading it and writing to it.
        let outcome = state.withLock { state -> WriteOutcome in
            guard state.descriptor >= 0 else { return .closed }
            if state.written + Int64(chunk.count) > limit { return .tooLarge }
            if let code = Self.writeAll(chunk, to: state.descriptor) { return .failed(errno: code) }
            state.written += Int64(chunk.count)
            let shouldReport = state.written - state.reported >= Self.reportEvery
            if shouldReport { state.reported = state.written }
            return .written(now: state.written, total: state.total, reports: shouldReport)
        }
        switch outcome {
        case .closed: return
        case .tooLarge: throw fail(Self.tooLarge(limit))
        case .failed(let code): throw fail(Self.sentence(errno: code, path: path))
        case .written(let now, let total, let reports):
            if reports { report(.progress(received: now, total: total)) }
        }
    }

    /// What one ``write(_:)`` did.
    private enum WriteOutcome {
        case closed, tooLarge
        case failed(errno: Int32)
        case written(now: Int64, total: Int64?, reports: Bool)
    }

    /// Writes all of `chunk` to `descriptor`; the `errno` of a write that failed, else `nil`.
    private static func writeAll(_ chunk: Data, to descriptor: Int32) -> Int32? {
        chunk.withUnsafeBytes { bytes -> Int32? in
            var done = 0
            while done < bytes.count {
                let count = writeBytes(descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += count
            }
            return nil
        }
    }

    /// Closes the file; the sink writes nothing more.
    func close() {
        let descriptor = state.withLock { state -> Int32 in
            state.isClosed = true
            defer { state.descriptor = -1 }
            return state.descriptor
        }
        if descriptor >= 0 { closeFile(descriptor) }
    }

    private func fail(_ message: String) -> DownloadError {
        let error = DownloadError(message)
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
        return error
    }

    /// `bytes START-END/TOTAL` read as its start (`nil` for `*`, as a `416` sends) and total
    /// (`nil` for `*`).
    static func contentRange(_ text: String) -> (start: Int64?, total: Int64?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = trimmed.dropFirst(6).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let start = parts[0].split(separator: "-").first.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        return (start, Int64(parts[1].trimmingCharacters(in: .whitespaces)))
    }

    /// The sentence for a file larger than `limit`.
    static func tooLarge(_ limit: Int64) -> String {
        "the file is larger than the download limit of \(FeedEnclosure.sizeText(limit)), so it was not downloaded"
    }

    /// The sentence for a file-system failure `errno` on `path`.
    static func sentence(errno code: Int32, path: String) -> String {
        switch code {
        case ENOSPC, EDQUOT: "the disk is full, so \(path) could not be written; make room and download it again"
        case EACCES, EPERM, EROFS:
            "\(path) cannot be written (permission denied); choose another folder with --to or download-folder"
        default: "\(path) could not be written (\(String(cString: strerror(code)))); check the folder"
        }
    }
}

// The system calls by other names: the sink's own `open`, `write` and `close` hide them.
private func openFile(_ path: String, _ flags: Int32) -> Int32 { open(path, flags, 0o644) }
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func closeFile(_ descriptor: Int32) { _ = close(descriptor) }
