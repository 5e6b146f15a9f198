/// What a download emits: where it writes, how far it got, where the file is at the end.
public enum DownloadEvent: Sendable, Hashable {
    /// The transfer began: the file will be `path`; `resumedAt` bytes were already there from
    /// an interrupted download (0 for a fresh one).
    case started(path: String, resumedAt: Int64)
    /// `received` bytes of the file are on disk, of `total` when the server said.
    case progress(received: Int64, total: Int64?)
    /// The file is complete at `path`; the last event before completion.
    case finished(path: String, size: Int64)
    /// An earlier download of the address made the file at `path`, still there: nothing was
    /// fetched. The only event before completion.
    case alreadyThere(path: String, size: Int64)
}

/// One download a person asked for, in the app's queue: what it is and where it is.
public struct Download: Sendable, Hashable, Identifiable {
    /// Where a download is.
    public enum Status: Sendable, Hashable {
        /// Waiting for the ones before it.
        case queued
        /// `received` bytes of `total` (when known) are on disk.
        case running(received: Int64, total: Int64?)
        /// Complete at `path`.
        case finished(path: String)
        /// Downloaded before, and still at `path`: nothing was fetched.
        case alreadyThere(path: String)
        /// Failed, for the reason given; asking again resumes it.
        case failed(String)
        /// Cancelled by the person, running or queued; asking again resumes it.
        case cancelled
    }

    /// Its number in the queue, from 1.
    public let id: Int
    /// What the person knows it by: the item's title.
    public let title: String
    /// The file's address.
    public let address: String
    /// Where it is.
    public var status: Status

    /// A download of `address`, known as `title`.
    public init(id: Int, title: String, address: String, status: Status = .queued) {
        self.id = id
        self.title = title
        self.address = address
        self.status = status
    }

    /// Whether it is queued or running: not over yet.
    public var isPending: Bool {
        switch status {
        case .queued, .running: true
        case .finished, .alreadyThere, .failed, .cancelled: false
        }
    }

    /// Where it is, in a few words: `queued`, `45% of 23.8 MB`, `3.1 MB`, `done`, `failed`.
    public var statusText: String {
        switch status {
        case .queued: "queued"
        case .running(let received, let total?) where total > 0:
            "\(min(received * 100 / total, 100))% of \(FeedEnclosure.sizeText(total))"
        case .running(let received, _): FeedEnclosure.sizeText(received)
        case .finished, .alreadyThere: "done"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }

    /// What the person is told once it has ended: where the file is, or why it failed (then
    /// `isFailure`); `nil` while it waits or runs.
    public var ending: (text: String, isFailure: Bool)? {
        switch status {
        case .finished(let path): ("Downloaded “\(title)”: \(path)", false)
        case .alreadyThere(let path): ("“\(title)” was downloaded before: \(path)", false)
        case .failed(let why): ("Could not download “\(title)”: \(why)", true)
        case .queued, .running, .cancelled: nil
        }
    }

    /// `downloads` in a few words: the running one and its progress, then how many wait, are
    /// done, failed and cancelled (`Downloading “Ep 2” 45% of 23.8 MB · 1 queued · 3 done`); `nil` for none.
    public static func summary(of downloads: [Download]) -> String? {
        var parts = downloads.filter { if case .running = $0.status { true } else { false } }
            .map { "Downloading “\($0.title)” \($0.statusText)" }
        for word in ["queued", "done", "failed", "cancelled"] {
            let count = downloads.count { $0.statusText == word }
            if count > 0 { parts.append("\(count) \(word)") }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
