import Domain
import Streams
import TerminalUI
import ViewModels

/// One feed's items, and the reader for the item opened: keys become the view model's
/// actions, its screen state becomes rows or the reader. The selection, the window and the
/// reader's scroll are in ``FeedItemsViewModel/State``.
final class FeedItemsController: BoundSceneController<FeedItemsViewModel.State, FeedItemsViewModel.Action>,
    SceneController
{
    static let hints = [
        KeyHint("Enter", "read"), KeyHint("n", "next unread"), KeyHint("m", "read/unread"), KeyHint("M", "all read"),
        KeyHint("U", "unread only"), KeyMaps.help,
        KeyHint("q", "back"),
    ]
    static let readerHints = [
        KeyHint("j", "down"), KeyHint("k", "up"), KeyHint("Space", "page"), KeyHint("g", "top"), KeyHint("G", "end"),
        KeyHint("n", "next unread"),
        KeyHint("o 3o", "open link"), KeyHint("m", "unread"), KeyMaps.help, KeyHint("Esc", "back to the list"),
    ]

    /// The open item laid out and wrapped for a width, kept while the item and the width stay:
    /// laying out a long item's HTML is too slow to do for every frame (a scroll, a spinner).
    private var laidOut: (detail: FeedItemDetail, meta: [String], accent: Color, width: Int, reader: ReaderContent)?

    override var isLoaded: Bool { scene.state.hasLoaded }
    override var isSelectionPending: Bool { scene.state.isSelectionPending }

    /// The keys the settings file binds.
    private let keys: KeyBindings

    init(
        viewModel: FeedItemsViewModel, context: SceneContext, keys: KeyBindings = .none,
        onRoute: @escaping (Route) -> Void
    ) {
        self.keys = keys
        super.init(
            FeedItemsViewModel.State(), context: context, onRoute: onRoute,
            transform: bindable(viewModel.transform(input:)))
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        let bound: BoundScene = scene.state.isReading ? .reader : .items
        var chrome = SceneChrome(
            title: scene.state.heading, info: "\(scene.state.unreadCount) unread", hints: Self.hints,
            errorMessage: scene.state.errorMessage.map { keys.keyed($0, in: bound) },
            message: scene.state.message.map { keys.keyed($0, in: bound) },
            isBusy: scene.state.isLoading,
            spinnerFrame: context.spinnerFrame)
        let height = SceneScreen.listHeight(chrome: chrome, hasHeader: scene.state.listHeader != nil, size: size)
        if height != scene.state.contentHeight { scene.send(.viewport(height: height)) }
        let state = scene.state
        if let detail = state.detail {
            // A number typed for `o` shows until `o` uses it or another key drops it.
            chrome.info =
                state.linkNumber.map { keys.keyed("link [\($0)]: o opens it, \(.download) downloads it", in: .reader) }
                ?? state.downloadsText ?? ""
            chrome.hints = keys.relabel(Self.readerHints, in: .reader)
            chrome.isBusy = false
            let meta = [detail.dateText, detail.link].compactMap { $0 }
            let area = chrome.contentArea(for: size)
            var reader: ReaderContent
            if let cached = laidOut, cached.detail == detail, cached.meta == meta, cached.accent == context.accent,
                cached.width == cached.reader.bodyRect(in: area).width
            {
                reader = cached.reader
            } else {
                let unwrapped = ReaderContent(
                    heading: detail.title, meta: meta, body: detail.readerText(accent: context.accent))
                let width = unwrapped.bodyRect(in: area).width
                reader = unwrapped.wrappingBody(toWidth: width)
                laidOut = (detail, meta, context.accent, width, reader)
            }
            reader.scroll = state.scroll
            let body = reader.bodyRect(in: area)
            let lineCount = reader.bodyLines(width: body.width).count
            if body.height != state.readerHeight || lineCount != state.readerLineCount {
                scene.send(.readerViewport(height: body.height, lineCount: lineCount))
            }
            return SceneScreen(chrome: chrome, content: .reader(reader))
        }
        chrome.hints = keys.relabel(chrome.hints, in: .items)
        let lines = state.visibleRows.map { row in
            ListLine(
                mark: row.isRead ? " " : "*", text: row.title, note: row.dateText ?? "",
                emphasis: row.isRead ? .muted : .strong)
        }
        let window = ListWindow(
            lines: lines, offset: state.viewport.offset, totalCount: state.viewport.count,
            selected: state.viewport.selected, emptyText: keys.keyed(state.emptyListText, in: .items))
        return SceneScreen(
            chrome: chrome, content: .list(header: state.listHeader.map { keys.keyed($0, in: .items) }, window: window))
    }

    func handle(_ event: InputEvent) -> Bool {
        let isReading = scene.state.isReading
        let read = keys.translate(event, in: isReading ? .reader : .items)
        guard var action = Self.action(for: read, isReading: isReading) else { return false }
        // As in the todo list, Esc while an error shows only dismisses it.
        if action == .back, read.key?.code == .escape, scene.state.errorMessage != nil { action = .close }
        scene.send(action)
        return true
    }

    /// What `event` asks of the list, or of the reader while an item is open.
    static func action(for event: InputEvent, isReading: Bool) -> FeedItemsViewModel.Action? {
        if let key = event.key, key.code == .character("r"), key.modifiers == .control { return .redo }
        if event.plainCharacter == "u" { return .undo }
        if isReading {
            switch event.key?.code {
            case .escape, .character("q"), .left: return .close
            case .down, .character("j"): return .scroll(by: 1)
            case .up, .character("k"): return .scroll(by: -1)
            case .pageDown, .character(" "), .character("f"): return .scrollPages(by: 1)
            case .pageUp, .character("b"): return .scrollPages(by: -1)
            case .home, .character("g"): return .scrollToTop
            case .end, .character("G"): return .scrollToBottom
            case .character("m"): return .toggleRead
            case .character("n"): return .nextUnread
            case .character("o"): return .openLink
            case .character("D"): return .download
            case .character("c"): return .cancelDownloads
            case .character(let character) where character.isASCII && character.isNumber:
                return character.wholeNumberValue.map { .typeDigit($0) }
            case .character("?"): return .help
            default: return nil
            }
        }
        if let move = ListMovement.move(for: event) { return .select(move) }
        switch event.key?.code {
        case .enter: return .open
        case .escape, .character("q"): return .back
        case .character("m"): return .toggleRead
        case .character("M"): return .markAllRead
        case .character("n"): return .nextUnread
        case .character("U"): return .toggleUnreadOnly
        case .character("o"): return .openLink
        case .character("D"): return .download
        case .character("c"): return .cancelDownloads
        case .character("?"): return .help
        default: return nil
        }
    }
}
