import Streams
import TerminalUI
import ViewModels

/// The todo editor: title, notes and due day, saved with Enter. Keys become the view model's
/// actions; the fields as typed and the focus are in ``TodoEditorViewModel/Screen``.
final class TodoEditorController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private let context: SceneContext
    private let scene: SceneBinding<TodoEditorViewModel.Screen, TodoEditorViewModel.Action>
    private let isNew: Bool

    // Every printable key is text here, so help is F1 (the key map and the overlay say the
    // same). "save" is offered only while saving is possible (valid fields, no save running).
    static let helpKey = "F1"
    static let hints = [
        KeyHint("Tab", "next field"), KeyHint("Enter", "save"), KeyHint("Esc", "cancel"), KeyHint(helpKey, "help"),
    ]
    static let hintsWithoutSave = hints.filter { $0.key != "Enter" }

    init(viewModel: TodoEditorViewModel, context: SceneContext, onRoute: @escaping (Route) -> Void) {
        self.context = context
        isNew = viewModel.todoID == nil
        scene = SceneBinding(TodoEditorViewModel.Screen(id: viewModel.todoID), context: context, onRoute: onRoute) {
            actions in
            let output = viewModel.transform(screen: .init(actions: actions))
            return (output.screen, output.route)
        }
    }

    func stop() { scene.stop() }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        let state = scene.state
        var chrome = SceneChrome(
            title: isNew ? "New todo" : "Edit todo", hints: state.editor.canSave ? Self.hints : Self.hintsWithoutSave,
            errorMessage: state.editor.errorMessage, isBusy: state.isBusy, spinnerFrame: context.spinnerFrame)
        if state.editor.isConfirmingDiscard { chrome.prompt = .confirm("Discard the changes?") }
        let focused = state.focused.rawValue
        let form = FormContent(
            fields: [
                .init(label: "Title", text: state.fields[0].text, problem: state.editor.form.titleError),
                .init(label: "Notes", text: state.fields[1].text),
                .init(
                    label: "Due", text: state.fields[2].text, problem: state.editor.form.dueError,
                    note: state.editor.form.dueNote),
            ],
            focused: focused, cursor: state.fields[focused].cursor)
        return SceneScreen(chrome: chrome, content: .form(form))
    }

    func handle(_ event: InputEvent) -> Bool {
        let state = scene.state
        guard
            let action = Self.action(
                for: event, isConfirmingDiscard: state.editor.isConfirmingDiscard,
                editing: state.fields[state.focused.rawValue])
        else { return false }
        scene.send(action)
        return true
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
