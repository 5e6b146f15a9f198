import Streams
import TerminalUI
import ViewModels

/// The todo editor: title, notes and due day, saved with Enter.
final class TodoEditorController: SceneController, @unchecked Sendable {
    // Sendable because it is used only on the UI queue.

    private let context: SceneContext
    private let bag = DisposeBag()
    private let title = PublishRelay<String>()
    private let notes = PublishRelay<String>()
    private let dueText = PublishRelay<String>()
    private let save = PublishRelay<Void>()
    private let cancel = PublishRelay<Void>()
    private let confirmDiscard = PublishRelay<Void>()
    private let keepEditing = PublishRelay<Void>()
    private let help = PublishRelay<Void>()
    private var editors = [LineEditor(), LineEditor(), LineEditor()]
    private var hasLoaded = false
    private var focused = 0
    private var titleError: String?
    private var dueError: String?
    private var isBusy = true
    private var canSave = false
    private var isConfirmingDiscard = false
    private var errorMessage: String?
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
        let output = viewModel.transform(
            input: TodoEditorViewModel.Input(
                title: title.asObservable(), notes: notes.asObservable(), dueText: dueText.asObservable(),
                save: save.asObservable(), cancel: cancel.asObservable(),
                confirmDiscard: confirmDiscard.asObservable(),
                keepEditing: keepEditing.asObservable(), help: help.asObservable()))
        output.form.bind(context, to: bag) { [unowned self] form in
            // The stored values arrive once; after that the fields are what was typed here.
            guard !hasLoaded, !form.isLoading else { return }
            hasLoaded = true
            editors = [LineEditor(form.title), LineEditor(form.notes), LineEditor(form.dueText)]
        }
        output.titleError.bind(context, to: bag) { [unowned self] in titleError = $0 }
        output.dueError.bind(context, to: bag) { [unowned self] in dueError = $0 }
        Observable.combineLatest(output.isLoading, output.isSaving) { $0 || $1 }
            .bind(context, to: bag) { [unowned self] in isBusy = $0 }
        output.canSave.bind(context, to: bag) { [unowned self] in canSave = $0 }
        output.isConfirmingDiscard.bind(context, to: bag) { [unowned self] in isConfirmingDiscard = $0 }
        output.errorMessage.bind(context, to: bag) { [unowned self] in errorMessage = $0 }
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.subscribe(onNext: { route.body($0) }))
    }

    func stop() { bag.dispose() }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var chrome = SceneChrome(
            title: isNew ? "New todo" : "Edit todo", hints: canSave ? Self.hints : Self.hintsWithoutSave,
            errorMessage: errorMessage,
            isBusy: isBusy,
            spinnerFrame: context.spinnerFrame)
        if isConfirmingDiscard { chrome.prompt = .confirm("Discard the changes?") }
        let form = FormContent(
            fields: [
                .init(label: "Title", text: editors[0].text, problem: titleError),
                .init(label: "Notes", text: editors[1].text),
                .init(label: "Due", text: editors[2].text, problem: dueError),
            ],
            focused: focused, cursor: editors[focused].cursor)
        return SceneScreen(chrome: chrome, content: .form(form))
    }

    func handle(_ event: InputEvent) -> Bool {
        // The status line offers F1 for help in every state, the discard question included.
        if event.key?.code == .function(1) {
            help.accept(())
            return true
        }
        if isConfirmingDiscard {
            switch event.plainCharacter {
            case "y", "Y": confirmDiscard.accept(())
            case "n", "N": keepEditing.accept(())
            default:
                guard event.key?.code == .escape else { return false }
                keepEditing.accept(())
            }
            return true
        }
        if let key = event.key {
            switch key.code {
            case .tab:
                focused = (focused + (key.modifiers.contains(.shift) ? 2 : 1)) % 3
                return true
            case .up:
                focused = (focused + 2) % 3
                return true
            case .down:
                focused = (focused + 1) % 3
                return true
            case .character("s") where key.modifiers == .control:
                save.accept(())
                return true
            default:
                break
            }
        }
        switch editors[focused].handle(event) {
        case .submitted:
            save.accept(())
        case .cancelled:
            cancel.accept(())
        case .edited:
            let text = editors[focused].text
            [title, notes, dueText][focused].accept(text)
        case .ignored:
            return false
        }
        return true
    }
}
