import Streams
import StreamsTesting

@testable import ViewModels

typealias Editor = TodoEditorViewModel

extension TodoEditorViewModel.State {
    /// This state after `events`, folded one at a time.
    func after(_ events: Editor.Event...) -> Self {
        var state = self
        for event in events { _ = Editor.reduce(&state, event) }
        return state
    }

    /// This state after `text` was typed in `field` (the focus goes there and back).
    func typing(_ text: String, in field: Editor.Field = .title) -> Self {
        let move = field.rawValue - focused.rawValue
        return after(.action(.focus(by: move)), .action(.edit(PromptText(text))), .action(.focus(by: -move)))
    }
}

/// `text` typed in `field` at `tick`: the focus goes there from the title and back.
func typing(
    _ text: String, in field: Editor.Field = .title, at tick: Int
) -> [(Int, Editor.Action)] {
    [(tick, .focus(by: field.rawValue)), (tick, .edit(PromptText(text))), (tick, .focus(by: -field.rawValue))]
}

/// The editor's actions, each at its tick, as a hot source on `scheduler`.
func editorInput(_ scheduler: TestScheduler, _ actions: [(Int, Editor.Action)]) -> ScreenInput<Editor.Action> {
    ScreenInput(actions: scheduler.createHotObservable(actions.map { Recorded.next($0.0, $0.1) }).asObservable())
}
