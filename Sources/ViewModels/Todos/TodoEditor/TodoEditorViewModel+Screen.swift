public import Domain
import Streams

extension TodoEditorViewModel {
    /// What a person asks of the editor, whatever the keys that ask it.
    public enum Action: Sendable, Hashable {
        /// Move the focus by this many fields (wrapping round the three).
        case focus(by: Int)
        /// The focused field now holds this (for the notes, their lines).
        case edit(PromptText)
        /// The notes now hold these lines, and the area shows them this way (scroll, goal
        /// column): a key in the notes area. `overflowed`: the key or paste did not fit whole
        /// in ``TodoEditorViewModel/notesLimit`` characters, and what did not fit was dropped.
        case editNotes(PromptText, AreaView, overflowed: Bool = false)
        /// The notes area is `width` × `height` cells on screen (not a key).
        case notesArea(width: Int, height: Int)
        /// Save.
        case save
        /// Cancel (asks first when there are unsaved changes).
        case cancel
        /// Yes, discard the changes.
        case confirmDiscard
        /// No, keep editing.
        case keepEditing
        /// Show the key map.
        case help
    }

    /// The most characters typing or pasting puts in the notes. Notes stored longer (from the
    /// command line, which has no limit) open whole, and can be shortened but not lengthened.
    public static let notesLimit = 65_536

    /// What the status line says when a key or paste does not fit in notes of `count`
    /// characters (the limit, or more for notes stored longer).
    static func notesFullMessage(count: Int) -> String {
        "The notes are full (\(CountText.grouped(count)) characters); the rest was not added."
    }

    /// The editor's fields, in order.
    public enum Field: Int, Sendable, Hashable, CaseIterable {
        /// What to do.
        case title
        /// Longer notes.
        case notes
        /// The due day, as typed.
        case due
    }

    /// Everything the editor shows: its state, and the three fields as typed with their cursors.
    public struct Screen: Sendable, Hashable, ShowsStatusMessages {
        /// The form, its problems, and whether a save or a question is on.
        public var editor: State
        /// The title, notes and due fields as typed, with their cursors.
        public var fields: [PromptText]
        /// The field keys go to.
        public var focused: Field
        /// How the notes area shows the notes: its size, scroll and goal column.
        public internal(set) var notesView: AreaView
        /// Whether the stored values have arrived (after that the fields are what was typed).
        var hasLoaded: Bool
        /// The status line's message (why the todo could not be loaded or saved), until the
        /// next key or its timeout.
        public internal(set) var status: StatusMessageSlot

        /// The editor of the todo `id`, or of a new one, reading due dates with `dueDays`.
        public init(id: Int64?, dueDays: DueDayParser = .current()) {
            editor = State(id: id, dueDays: dueDays)
            fields = Field.allCases.map { _ in PromptText() }
            focused = .title
            notesView = AreaView()
            hasLoaded = false
            status = StatusMessageSlot()
        }

        /// The failure shown, if the status line shows one.
        public var errorMessage: String? { status.error }

        /// Whether something is loading or saving.
        public var isBusy: Bool { editor.form.isLoading || editor.isSaving }
    }

    /// What a step of the screen's fold asks the data side to do.
    enum Effect: Sendable, Hashable {
        case edit(Field, String)
        case save
        case cancel
        case confirmDiscard
        case keepEditing
        case help
    }

    /// The screen after `step`, and what it asks the data side to do.
    static func reduceScreen(_ screen: inout Screen, _ step: ScreenStep<Action, State>) -> [Effect] {
        switch step {
        case .data(let editor):
            screen.status.show(
                editor.saveError, .error, counted: editor.saveErrorSerial, before: screen.editor.saveErrorSerial)
            screen.editor = editor
            // The stored values arrive once; after that the fields are what was typed here.
            if !screen.hasLoaded, !editor.form.isLoading {
                screen.hasLoaded = true
                screen.fields = [editor.form.title, editor.form.notes, editor.form.dueText].map { PromptText($0) }
                if let error = editor.form.loadError { screen.status.show(error, .error) }
            }
            return []
        case .action(.notesArea(let width, let height)):
            screen.notesView.width = max(width, 0)
            screen.notesView.height = max(height, 0)
            return []
        case .action(let action) where screen.status.current != nil:
            // A message stays until the next key (or its timeout); the key then does its work.
            screen.status.dismiss()
            return reduceScreen(&screen, .action(action))
        case .action(.help):
            return [.help]
        case .action(.confirmDiscard):
            return screen.editor.isConfirmingDiscard ? [.confirmDiscard] : []
        case .action(.keepEditing):
            return screen.editor.isConfirmingDiscard ? [.keepEditing] : []
        case .action(let action):
            guard !screen.editor.isConfirmingDiscard else { return [] }
            switch action {
            case .focus(let delta):
                let count = Field.allCases.count
                screen.focused = Field(rawValue: ((screen.focused.rawValue + delta) % count + count) % count) ?? .title
            case .edit(let text):
                screen.fields[screen.focused.rawValue] = text
                return [.edit(screen.focused, text.text)]
            case .editNotes(let text, let view, let overflowed):
                if overflowed { screen.status.show(Self.notesFullMessage(count: text.text.count), .error) }
                screen.fields[Field.notes.rawValue] = text
                screen.notesView = AreaView(
                    width: screen.notesView.width, height: screen.notesView.height, scrollRow: view.scrollRow,
                    scrollColumn: view.scrollColumn, goalColumn: view.goalColumn)
                return [.edit(.notes, text.text)]
            case .save: return [.save]
            case .cancel: return [.cancel]
            case .help, .confirmDiscard, .keepEditing, .notesArea: break
            }
            return []
        }
    }

    /// Wires a front end's actions to the whole editor: the fields as typed, their cursors and
    /// the focus are kept here; a front end maps keys to ``Action``s and draws ``Screen``.
    public func transform(screen input: ScreenInput<Action>) -> ScreenOutput<Screen> {
        let effects = ScreenEffects<Effect>()
        func edits(_ field: Field) -> Observable<String> {
            effects.requested { if case .edit(field, let text) = $0 { text } else { nil } }
        }
        let (data, route) = pipeline(
            Input(
                title: edits(.title), notes: edits(.notes), dueText: edits(.due),
                save: effects.requested { $0 == .save ? () : nil },
                cancel: effects.requested { $0 == .cancel ? () : nil },
                confirmDiscard: effects.requested { $0 == .confirmDiscard ? () : nil },
                keepEditing: effects.requested { $0 == .keepEditing ? () : nil },
                help: effects.requested { $0 == .help ? () : nil }))
        let screen = effects.screen(
            Screen(id: todoID, dueDays: dueDays()), actions: input.actions, data: data, reduce: Self.reduceScreen,
            isRoute: { $0 == .help }, scheduler: scheduler)
        return ScreenOutput(state: screen, route: route)
    }
}
