public import Domain
public import Streams

/// Downloads one after another, for a person who asks for several while reading: what is
/// queued, how far the current one is, and how each ended, as an observable list.
///
/// A download runs while its queue lives, whatever the subscribers of ``observeEntries()``
/// do; a failed one keeps its `.part` file, so asking again continues it.
///
/// ```swift
/// let queue = DownloadQueue(downloader: EnclosureDownloader(), folder: "/home/ana/Downloads")
/// queue.enqueue("https://example.com/ep2.mp3", title: "Episode 2")
/// queue.observeEntries().subscribe(onNext: { entries in show(entries) })
/// ```
///
/// `@unchecked Sendable`: the mutable state is `state`, a `SanitizerVisibleMutex`.
public final class DownloadQueue: @unchecked Sendable {
    private struct State {
        var entries: [Download] = []
        var isRunning = false
        var current: (any Disposable)?
    }

    private let downloader: EnclosureDownloader
    private let folder: String
    private let state = SanitizerVisibleMutex(State())
    private let relay = BehaviorRelay<[Download]>(value: [])

    /// A queue whose downloads `downloader` makes into `folder`.
    public init(downloader: EnclosureDownloader, folder: String) {
        self.downloader = downloader
        self.folder = folder
    }

    /// The folder the queue downloads into.
    public var downloadFolder: String { folder }

    /// The entries, oldest first, now and after every change.
    public func observeEntries() -> Observable<[Download]> { relay.asObservable() }

    /// Adds the download of `address` (known as `title`) to the queue and starts it when the
    /// ones before it have ended; its number.
    @discardableResult
    public func enqueue(_ address: String, title: String) -> Int {
        let id = state.withLock { state -> Int in
            let id = (state.entries.last?.id ?? 0) + 1
            state.entries.append(Download(id: id, title: title, address: address))
            return id
        }
        publish()
        startNext()
        return id
    }

    /// Stops the download running now; its `.part` file stays for the next try.
    public func stop() {
        let current = state.withLock { state -> (any Disposable)? in
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }

    /// Cancels the download running now and those queued; returns how many. Each keeps what
    /// it received in its `.part` file, so asking again continues it.
    @discardableResult
    public func cancelAll() -> Int {
        let (current, count) = state.withLock { state -> ((any Disposable)?, Int) in
            var count = 0
            for index in state.entries.indices where state.entries[index].isPending {
                state.entries[index].status = .cancelled
                count += 1
            }
            state.isRunning = false
            defer { state.current = nil }
            return (state.current, count)
        }
        current?.dispose()
        publish()
        return count
    }

    private func startNext() {
        let next = state.withLock { state -> Download? in
            guard !state.isRunning, let index = state.entries.firstIndex(where: { $0.status == .queued }) else {
                return nil
            }
            state.isRunning = true
            state.entries[index].status = .running(received: 0, total: nil)
            return state.entries[index]
        }
        guard let next else { return }
        publish()
        let subscription = downloader.download(next.address, into: folder).subscribe { [weak self] event in
            guard let self else { return }
            switch event {
            case .next(.started(_, let resumedAt)): update(next.id, .running(received: resumedAt, total: nil))
            case .next(.progress(let received, let total)): update(next.id, .running(received: received, total: total))
            case .next(.finished(let path, _)): update(next.id, .finished(path: path))
            case .next(.alreadyThere(let path, _)): update(next.id, .alreadyThere(path: path))
            case .error(let error): finish(next.id, .failed((error as? DownloadError)?.message ?? "\(error)"))
            case .completed: finish(next.id, nil)
            }
        }
        // Decided by this download's own status: cancelled (or ended) while subscribing, it is
        // disposed, even when a download asked for since then is the current one.
        let isOver = state.withLock { state -> Bool in
            guard case .running = state.entries.first(where: { $0.id == next.id })?.status else { return true }
            state.current = subscription
            return false
        }
        if isOver { subscription.dispose() }
    }

    /// Sets the status of the download `id`, unless it was cancelled meanwhile.
    private func update(_ id: Int, _ status: Download.Status) {
        state.withLock { state in
            if let index = state.entries.firstIndex(where: { $0.id == id && $0.status != .cancelled }) {
                state.entries[index].status = status
            }
        }
        publish()
    }

    /// Ends the running download (with `status`, when it failed) and starts the next; a
    /// download cancelled meanwhile ended when it was cancelled.
    private func finish(_ id: Int, _ status: Download.Status?) {
        let isCancelled = state.withLock { state -> Bool in
            guard let index = state.entries.firstIndex(where: { $0.id == id }),
                state.entries[index].status != .cancelled
            else { return true }
            if let status { state.entries[index].status = status }
            state.isRunning = false
            state.current = nil
            return false
        }
        guard !isCancelled else { return }
        publish()
        startNext()
    }

    private func publish() {
        relay.accept(state.withLock { $0.entries })
    }
}
