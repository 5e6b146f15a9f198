import Domain
import Foundation
import SceneServices
import Streams
import TerminalUI

extension FeedCommands {
    /// Downloads an item's enclosure and prints the file's path; on a terminal, a progress line
    /// on standard error meanwhile, so that standard output stays the path alone.
    static func download(
        itemID: Int64, number: Int?, folder: String?, feeds: any CommandLineServiceType,
        showsProgress: Bool = TTY.isTerminal(STDERR_FILENO)
    ) throws(CommandFailure) {
        let item = try ScriptCommands.value(of: feeds.fetchItem(id: itemID))
        let enclosure = try chosenEnclosure(of: item, number: number)
        let progress = DownloadProgressLine(isShown: showsProgress)
        let events = feeds.download(enclosure.url, into: folder).do(onNext: { result in
            if case .success(let event) = result { progress.show(event) }
        })
        let last = ScriptCommands.lastValue(of: events)
        progress.clear()
        switch last {
        case .success(.finished(let path, _))?: Output.line(path)
        case .success(.alreadyThere(let path, _))?:
            // The path alone on standard output, as for a new file: scripts read it.
            if showsProgress { Output.progress("downloaded before; nothing fetched\n") }
            Output.line(path)
        case .failure(let error)?: throw CommandFailure(named(Composition.message(error), what: enclosure.url))
        default: throw CommandFailure("\(enclosure.url): the download ended without a file")
        }
    }

    /// The enclosure `number` names (from 1), or the item's first that is not a thumbnail.
    static func chosenEnclosure(of item: FeedItem, number: Int?) throws(CommandFailure) -> FeedEnclosure {
        let all = item.enclosures
        guard !all.isEmpty else { throw CommandFailure("item \(item.id) has no enclosure to download") }
        guard let number else { return all.first { $0.kind != .thumbnail } ?? all[0] }
        guard number <= all.count else {
            let has = all.count == 1 ? "one, 1" : "\(all.count), 1 to \(all.count)"
            throw CommandFailure("item \(item.id) has no enclosure \(number); it has \(has)")
        }
        return all[number - 1]
    }
}

/// The line a download shows on a terminal while it runs: the file's name, a bar, the size.
/// It writes nothing when not shown, and at most ten lines a second.
final class DownloadProgressLine: @unchecked Sendable {
    // `@unchecked Sendable`: `state` is a `SanitizerVisibleMutex`.
    private struct State {
        var name = ""
        var lastDrawn: Date = .distantPast
        var hasDrawn = false
    }

    private let isShown: Bool
    private let state = SanitizerVisibleMutex(State())

    init(isShown: Bool) {
        self.isShown = isShown
    }

    func show(_ event: DownloadEvent) {
        guard isShown else { return }
        switch event {
        case .started(let path, _):
            state.withLock { $0.name = (path as NSString).lastPathComponent }
        case .progress(let received, let total):
            let now = Date()
            let name = state.withLock { state -> String? in
                guard now.timeIntervalSince(state.lastDrawn) >= 0.1 || received == total else { return nil }
                (state.lastDrawn, state.hasDrawn) = (now, true)
                return state.name
            }
            guard let name else { return }
            let line = ProgressBar.overwritingLine(with: Self.text(name: name, received, total))
            Output.progress(line)
        case .finished, .alreadyThere:
            break
        }
    }

    /// Takes the line away, so that what follows starts on a clean line.
    func clear() {
        guard state.withLock({ $0.hasDrawn }) else { return }
        Output.progress(ProgressBar.overwritingLine(with: ""))
    }

    /// `episode.mp3 ██████▎░░░░░░░░  42% of 23.8 MB`, or the bytes so far when the size is not known.
    static func text(name: String, _ received: Int64, _ total: Int64?) -> String {
        let shown = TextSanitizer.sanitize(String(name.prefix(40)))
        guard let total, total > 0 else { return "\(shown) \(FeedEnclosure.sizeText(received))" }
        let bar = ProgressBar(fraction: Double(received) / Double(total)).text(width: 24)
        return "\(shown) \(bar) of \(FeedEnclosure.sizeText(total))"
    }
}
