public import Habits
public import TerminalUI

/// The idea search on screen: the prompt for a word, a spinner while the server is asked, the
/// ideas found, or why the lookup failed.
public enum IdeaSearchScreen {
    /// The keys the status line offers once something was looked up.
    public static let hints = [
        KeyHint("Enter", "add"), KeyHint("/", "look up"), HelpKeys.hint, KeyHint("Esc", "back"),
    ]

    /// Every key of the search, for the help overlay.
    public static let bindings = [
        KeyHint("Enter", "look up the word typed; then add the selected idea"),
        KeyHint("↑ ↓ j k", "move"), KeyHint("/ s", "look up another word"), KeyHint("?", "show these keys"),
        KeyHint("Esc", "close the prompt, or back to the list"), KeyHint("Ctrl-C", "quit"),
    ]

    /// `state` drawn for a terminal of `size`, the spinner (while the server is asked) at
    /// `spinnerFrame`, which the shell's context advances.
    public static func screen(
        _ state: IdeaSearchViewModel.State, size: TerminalSize, spinnerFrame: Int = 0
    ) -> SceneScreen {
        var chrome = chrome(state)
        chrome.spinnerFrame = spinnerFrame
        if case .found(_, let ideas) = state.lookup {
            chrome.info = ideas.count == 1 ? "1 idea" : "\(ideas.count) ideas"
        }
        let window = list(state, size: size).window(emptyText: emptyText(state)) { index in
            let idea = state.ideas[index]
            return ListLine(mark: "+", text: idea.name, note: idea.category.rawValue)
        }
        return SceneScreen(chrome: chrome, content: .list(header: header(state), window: window))
    }

    /// What `event` asks for in `state`, if anything, in a terminal of `size`.
    public static func action(
        for event: InputEvent, in state: IdeaSearchViewModel.State, size: TerminalSize
    ) -> IdeaSearchViewModel.Action? {
        if let draft = state.draft {
            return PromptKeys.action(
                for: event, editing: draft, submit: .search, cancel: .cancelSearch,
                edit: IdeaSearchViewModel.Action.edit)
        }
        if let showing = HelpKeys.showing(after: event, isShowing: state.isShowingHelp) { return .showHelp(showing) }
        if let row = list(state, size: size).selection(after: event) { return .select(row) }
        guard case .key(let key) = event, key.modifiers.isEmpty else { return nil }
        switch key.code {
        case .enter: return .add
        case .character("/"), .character("s"): return .beginSearch
        case .escape, .left, .character("q"): return .back
        default: return nil
        }
    }

    private static func chrome(_ state: IdeaSearchViewModel.State) -> SceneChrome {
        var chrome = SceneChrome(
            title: "Ideas", hints: state.draft == nil ? hints : PromptKeys.hints(enter: "look up", escape: "back"),
            message: state.message,
            prompt: state.draft.map { .input(label: "Look up:", text: $0.text, cursor: $0.cursor) },
            help: state.isShowingHelp ? bindings : nil)
        switch state.lookup {
        case .loading(let keyword):
            chrome.isBusy = true
            chrome.busyText = "asking the server about “\(keyword)”"
        case .failed(let keyword, let error):
            chrome.errorMessage = "Could not look up “\(keyword)”: \(error.message)"
        case .idle, .found:
            break
        }
        return chrome
    }

    private static func header(_ state: IdeaSearchViewModel.State) -> String? {
        guard case .found(let keyword, let ideas) = state.lookup, !ideas.isEmpty else { return nil }
        return "Ideas about “\(keyword)”: Enter adds one to your habits"
    }

    private static func emptyText(_ state: IdeaSearchViewModel.State) -> String {
        switch state.lookup {
        case .idle: "Type a word (read, walk, sleep…) and press Enter: the server suggests habits."
        case .loading: "Looking up…"
        case .found(let keyword, _): "No ideas about “\(keyword)”. Press / to try another word."
        case .failed: "Nothing found. Press / to try again."
        }
    }

    /// The list's selection and scroll in a terminal of `size`.
    private static func list(_ state: IdeaSearchViewModel.State, size: TerminalSize) -> ListView {
        let height = SceneScreen.listHeight(
            chrome: chrome(state), hasHeader: header(state) != nil, size: size)
        return .showing(count: state.ideas.count, selected: state.selectedIndex, height: height)
    }
}
