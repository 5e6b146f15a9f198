import Streams
import TerminalUI
import ViewModels

/// One feed's items, and the reader for the item opened.
final class FeedItemsController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private let context: SceneContext
    private let bag = DisposeBag()
    private let open = PublishRelay<Int64>()
    private let close = PublishRelay<Void>()
    private let toggleRead = PublishRelay<Int64>()
    private let markAllRead = PublishRelay<Void>()
    private let help = PublishRelay<Void>()
    private let back = PublishRelay<Void>()
    private let visibleRange = PublishRelay<VisibleRange>()
    private var title = ""
    private var rows: [FeedItemRow] = []
    private var totalCount = 0
    private var unreadCount = 0
    private var detail: FeedItemDetail?
    private var isLoading = true
    private var errorMessage: String?
    private var selected: Int?
    private var offset = 0
    private var requestedRange: VisibleRange?
    private var scroll = 0
    private var pageHeight = 10

    static let hints = [
        KeyHint("Enter", "read"), KeyHint("m", "read/unread"), KeyHint("M", "all read"),
        KeyHint("?", "help"),
        KeyHint("q", "back"),
    ]
    static let readerHints = [
        KeyHint("j k", "scroll"), KeyHint("m", "unread"), KeyHint("Esc", "back to the list"),
    ]

    init(viewModel: FeedItemsViewModel, context: SceneContext, onRoute: @escaping (Route) -> Void) {
        self.context = context
        let output = viewModel.transform(
            input: FeedItemsViewModel.Input(
                open: open.asObservable(), close: close.asObservable(),
                toggleRead: toggleRead.asObservable(),
                markAllRead: markAllRead.asObservable(), help: help.asObservable(),
                back: back.asObservable(), visibleRange: visibleRange.asObservable()))
        output.title.bind(context, to: bag) { [unowned self] in title = $0 }
        output.rows.bind(context, to: bag) { [unowned self] in rows = $0 }
        output.totalCount.bind(context, to: bag) { [unowned self] count in
            totalCount = count
            if let current = selected { selected = count == 0 ? nil : min(current, count - 1) }
            if selected == nil, count > 0 { selected = 0 }
        }
        output.unreadCount.bind(context, to: bag) { [unowned self] in unreadCount = $0 }
        output.detail.bind(context, to: bag) { [unowned self] item in
            if item?.id != detail?.id { scroll = 0 }
            detail = item
        }
        output.isLoading.bind(context, to: bag) { [unowned self] in isLoading = $0 }
        output.errorMessage.bind(context, to: bag) { [unowned self] in errorMessage = $0 }
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.subscribe(onNext: { route.body($0) }))
    }

    func stop() { bag.dispose() }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        let heading = title.isEmpty ? "Feed" : title
        if let detail {
            let chrome = SceneChrome(
                title: heading, hints: Self.readerHints, errorMessage: errorMessage,
                spinnerFrame: context.spinnerFrame)
            let meta = [detail.dateText, detail.link].compactMap { $0 }
            return SceneScreen(
                chrome: chrome,
                content: .reader(
                    ReaderContent(heading: detail.title, meta: meta, body: detail.text, scroll: scroll)))
        }
        let height = max(size.height - 2, 1)
        pageHeight = height
        offset = ListScroll.offset(
            selected: selected ?? 0, previous: offset, height: height, count: totalCount)
        // Only the visible window is asked for; the rows arrive with their positions in the feed.
        let range = VisibleRange(offset: offset, limit: height)
        if range != requestedRange {
            requestedRange = range
            visibleRange.accept(range)
        }
        let chrome = SceneChrome(
            title: heading, info: "\(unreadCount) unread", hints: Self.hints, errorMessage: errorMessage,
            isBusy: isLoading, spinnerFrame: context.spinnerFrame)
        let lines = rows.filter { $0.position >= offset }.prefix(height).map { row in
            ListLine(
                mark: row.isRead ? " " : "*", text: row.title, note: row.dateText ?? "",
                emphasis: row.isRead ? .muted : .strong)
        }
        let window = ListWindow(
            lines: Array(lines), offset: offset, totalCount: totalCount, selected: selected,
            emptyText: "No items yet. Go back and press r to refresh the feed.")
        return SceneScreen(chrome: chrome, content: .list(header: nil, window: window))
    }

    func handle(_ event: InputEvent) -> Bool {
        if let detail {
            switch event.key?.code {
            case .escape, .character("q"), .left: close.accept(())
            case .down, .character("j"): scroll += 1
            case .up, .character("k"): scroll = max(scroll - 1, 0)
            case .pageDown, .character(" "): scroll += pageHeight
            case .pageUp: scroll = max(scroll - pageHeight, 0)
            case .character("m"): toggleRead.accept(detail.id)
            case .character("?"): help.accept(())
            default: return false
            }
            return true
        }
        if let movement = ListMovement.selection(
            after: event, selected: selected, count: totalCount, page: pageHeight)
        {
            selected = movement
            return true
        }
        let row = selected.flatMap { selected in rows.first { $0.position == selected } }
        switch event.key?.code {
        case .enter: if let row { open.accept(row.id) }
        case .escape: back.accept(())
        case .character("m"): if let row { toggleRead.accept(row.id) }
        case .character("M"): markAllRead.accept(())
        case .character("?"): help.accept(())
        case .character("q"): back.accept(())
        default: return false
        }
        return true
    }
}
