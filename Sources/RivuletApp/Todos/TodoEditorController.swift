import Streams
import TerminalUI
import ViewModels

/// The todo editor: title, notes and due day, saved with Enter in a line or Ctrl-S anywhere.
/// Keys become the view model's actions; the fields as typed, the focus and the notes area's
/// scroll are in ``TodoEditorViewModel/State``.
///
/// The notes are an area of several lines: Enter breaks the line, ↑ and ↓ move between its
/// rows and leave it from its first and last row, Tab leaves it at once.
final class TodoEditorController: BoundSceneController<TodoEditorViewModel.State, TodoEditorViewModel.Action>,
    SceneController
{
    // Every printable key is text here, so help is F1 (the key map and the overlay say the same).
    static let helpKey = "F1"

    /// The status line's keys: the answers while "Discard the changes?" is asked; else "save"
    /// only while saving is possible (valid fields, no save running), and in the notes, Enter
    /// breaks the line and Ctrl-S saves.
    static func hints(inNotes: Bool, canSave: Bool, isConfirmingDiscard: Bool = false) -> [KeyHint] {
        let help = KeyHint(helpKey, "help", isEssential: true)
        if isConfirmingDiscard { return [KeyHint("y", "discard"), KeyHint("n Esc", "keep editing"), help] }
        let save = canSave ? [KeyHint(inNotes ? "Ctrl-S" : "Enter", "save")] : []
        return [KeyHint("Tab", "next field")] + (inNotes ? [KeyHint("Enter", "new line")] : []) + save
            + [KeyHint("Esc", "cancel"), help]
    }
    /// The rows the notes area takes (fewer when the terminal is short).
    static let notesHeight = 5

    override var isLoaded: Bool { !scene.state.isLoading }
    override var hasUnsavedInput: Bool { scene.state.hasUnsavedChanges }

    /// The keys the settings file binds: keys that type no text.
    private let keys: KeyBindings

    init(
        viewModel: TodoEditorViewModel, context: SceneContext, keys: KeyBindings = .none,
        onRoute: @escaping (Route) -> Void
    ) {
        self.keys = keys
        super.init(
            TodoEditorViewModel.State(id: viewModel.todoID), context: context, onRoute: onRoute,
            transform: bindable(viewModel.transform(input:)))
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        let state = scene.state
        let hints = keys.relabel(
            Self.hints(
                inNotes: state.focused == .notes, canSave: state.canSave, isConfirmingDiscard: state.isConfirmingDiscard
            ),
            in: .editor)
        var chrome = SceneChrome(
            title: state.id == nil ? "New todo" : "Edit todo", hints: hints,
            errorMessage: state.errorMessage.map { keys.keyed($0, in: .editor) },
            isBusy: state.isBusy, spinnerFrame: context.spinnerFrame)
        if state.isConfirmingDiscard { chrome.prompt = .confirm("Discard the changes?") }
        let focused = state.focused.rawValue
        var form = FormContent(
            fields: [
                .init(label: "Title", text: state.fields[0].text, problem: state.titleError),
                .init(label: "Notes", area: Self.notesArea(state)),
                .init(
                    label: "Due", text: state.fields[2].text, problem: state.dueError,
                    note: state.dueNote),
            ],
            focused: focused, cursor: state.fields[focused].cursor)
        // The area's size is known once the form is laid out; keys read it from the view model.
        // In a short terminal the notes give up rows, so that the due date stays on screen.
        let content = chrome.contentArea(for: size)
        let width = form.fieldWidth(in: content)
        let height = max(1, min(Self.notesHeight, form.roomForAreas(in: content)))
        if width != state.notesView.width || state.notesView.height != height {
            scene.send(.notesArea(width: width, height: height))
            form.fields[1].area = Self.notesArea(state, width: width, height: height)
        }
        return SceneScreen(chrome: chrome, content: .form(form))
    }

    func handle(_ event: InputEvent) -> Bool {
        let state = scene.state
        let event = state.isConfirmingDiscard ? event : keys.translate(event, in: .editor)
        let action =
            state.focused == .notes && !state.isConfirmingDiscard
            ? Self.notesAction(for: event, in: Self.notesArea(state))
            : Self.action(
                for: event, isConfirmingDiscard: state.isConfirmingDiscard,
                editing: state.fields[state.focused.rawValue])
        guard let action else { return false }
        scene.send(action)
        return true
    }

    /// The notes area as the view model keeps it: its lines, cursor, size and scroll.
    /// With `width` and `height`, the area at that size instead of the size the view model knows.
    static func notesArea(_ state: TodoEditorViewModel.State, width: Int? = nil, height: Int? = nil) -> TextArea {
        let notes = state.fields[TodoEditorViewModel.Field.notes.rawValue]
        let view = state.notesView
        // Never shorter than the notes stored: opening a todo must not cut them.
        var area = TextArea(
            text: notes.text, maximumLength: max(TodoEditorViewModel.notesLimit, notes.text.count),
            width: width ?? view.width,
            height: height ?? view.height)
        area.moveCursor(toOffset: notes.cursor)
        area.restoreView(scrollRow: view.scrollRow, scrollColumn: view.scrollColumn, goalColumn: view.goalColumn)
        return area
    }

    /// What `event` asks of the editor while the notes area has the focus, or `nil`.
    static func notesAction(for event: InputEvent, in area: TextArea) -> TodoEditorViewModel.Action? {
        if let key = event.key {
            switch (key.code, key.modifiers.subtracting(.shift)) {
            case (.function(1), _): return .help
            case (.tab, _): return .focus(by: key.modifiers.contains(.shift) ? 2 : 1)
            case (.escape, []): return .cancel
            case (.character("s"), .control): return .save
            case (.up, []) where area.isCursorOnFirstRow: return .focus(by: 2)
            case (.down, []) where area.isCursorOnLastRow: return .focus(by: 1)
            default: break
            }
        }
        var edited = area
        guard edited.handle(event) else { return nil }
        return .editNotes(
            PromptText(edited.text, cursor: edited.cursorOffset),
            AreaView(
                width: edited.width, height: edited.height, scrollRow: edited.scrollRow,
                scrollColumn: edited.scrollColumn, goalColumn: edited.goalColumn),
            overflowed: edited.overflowed)
    }

    /// What `event` asks of the editor, or `nil`.
    static func action(
        for event: InputEvent, isConfirmingDiscard: Bool, editing field: PromptText
    ) -> TodoEditorViewModel.Action? {
        // The status line offers F1 for help in every state, the discard question included.
        if event.key?.code == .function(1) { return .help }
        if isConfirmingDiscard {
            switch event.plainCharacter {
            case "y", "Y": return .confirmDiscard
            case "n", "N": return .keepEditing
            default: return event.key?.code == .escape ? .keepEditing : nil
            }
        }
        if let key = event.key {
            switch key.code {
            case .tab: return .focus(by: key.modifiers.contains(.shift) ? 2 : 1)
            case .up: return .focus(by: 2)
            case .down: return .focus(by: 1)
            case .character("s") where key.modifiers == .control: return .save
            default: break
            }
        }
        switch PromptKeys.outcome(for: event, editing: field) {
        case .submit: return .save
        case .cancel: return .cancel
        case .edit(let edited): return .edit(edited)
        case nil: return nil
        }
    }
}
