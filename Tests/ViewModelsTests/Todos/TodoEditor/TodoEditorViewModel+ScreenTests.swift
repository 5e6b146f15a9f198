import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias Action = TodoEditorViewModel.Action
private typealias State = TodoEditorViewModel.State

/// The editor of todo 7 ("Milk", loaded at tick 10), and `actions` at their ticks. Saves
/// succeed unless `save` answers them.
private func run(
    _ actions: [(Int, Action)],
    save: (@Sendable (TodoFields, Todo?, Todo?) -> Observable<Result<Todo, SceneError>>)? = nil
) -> (screens: TestableObserver<State>, saved: [String], routes: [Route]) {
    let scheduler = TestScheduler()
    let saved = CallLog<String>()
    let service = MockTodoEditorService {
        $0.loadHandler = { id in
            scheduler.createColdObservable([.next(10, .success(Fixtures.todo(id, "Milk")))]).asObservable()
        }
        $0.saveHandler = { fields, stored, seen in
            let id = stored?.id
            saved.append("\(id.map(String.init) ?? "new") \(fields.title) | \(fields.notes)")
            return save?(fields, stored, seen) ?? .just(.success(Fixtures.todo(id ?? 1, fields.title)))
        }
    }
    let input = scheduler.createHotObservable(actions.map { Recorded.next($0.0, $0.1) })
    let output = TodoEditorViewModel(service: service, todoID: 7, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(State.self)
    let routes = scheduler.createObserver(Route.self)
    let subscriptions = [output.state.subscribe(screens.asObserver()), output.route.subscribe(routes.asObserver())]
    scheduler.advance(by: 1_000)
    for subscription in subscriptions { subscription.dispose() }
    return (screens, saved.all, routes.elements)
}

private func at(_ tick: Int, _ screens: TestableObserver<State>) -> State {
    screens.events.last { $0.time <= tick }?.value.element ?? State(id: 7)
}

@Test func todoEditorScreenFillsTheFieldsOnceLoadedThenKeepsWhatIsTyped() {
    let (screens, saved, routes) = run([
        (100, .edit(PromptText("Milk and eggs"))), (101, .focus(by: 1)), (102, .edit(PromptText("two dozen"))),
        (103, .focus(by: -2)), (200, .save),
    ])
    #expect(at(9, screens).isBusy)
    #expect(at(10, screens).fields.map(\.text) == ["Milk", "", ""])
    #expect(at(10, screens).fields[0].cursor == 4)
    #expect(at(102, screens).fields.map(\.text) == ["Milk and eggs", "two dozen", ""])
    #expect(at(103, screens).focused == .due)
    #expect(saved == ["7 Milk and eggs | two dozen"])
    #expect(routes == [.back])
}

@Test func todoEditorScreenAsksBeforeDiscardingAndIgnoresEditsMeanwhile() {
    let (screens, saved, routes) = run([
        (100, .edit(PromptText("Oat milk"))), (101, .cancel), (102, .edit(PromptText("stray"))), (103, .save),
        (104, .keepEditing), (200, .cancel), (201, .help), (202, .confirmDiscard),
    ])
    #expect(at(101, screens).isConfirmingDiscard)
    #expect(at(103, screens).fields[0].text == "Oat milk")
    #expect(!at(104, screens).isConfirmingDiscard)
    #expect(saved.isEmpty)
    #expect(routes == [.help(.todoEditor), .back])
}

@Test func todoEditorScreenShowsTheTitleProblemAndDoesNotSave() {
    let (screens, saved, _) = run([(100, .edit(PromptText("   "))), (101, .save)])
    #expect(at(100, screens).titleError != nil)
    #expect(!at(100, screens).canSave)
    #expect(saved.isEmpty)
}

/// The editor of todo 7 ("Milk", loaded at tick 10) whose saves fail, and `actions` at their
/// ticks, for `end` ticks.
private func runFailingSaves(until end: Int, _ actions: [(Int, Action)]) -> TestableObserver<State> {
    let scheduler = TestScheduler()
    let service = MockTodoEditorService {
        $0.loadHandler = { id in
            scheduler.createColdObservable([.next(10, .success(Fixtures.todo(id, "Milk")))]).asObservable()
        }
        $0.saveHandler = { _, _, _ in .just(.failure(SceneError.storage("the disk is full"))) }
    }
    let input = scheduler.createHotObservable(actions.map { Recorded.next($0.0, $0.1) })
    let screens = scheduler.createObserver(State.self)
    let subscription = TodoEditorViewModel(service: service, todoID: 7, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable())).state.subscribe(screens.asObserver())
    scheduler.advance(by: SchedulerDuration(ticks: end))
    subscription.dispose()
    return screens
}

@Test func todoEditorScreenASaveErrorGoesAfterItsTimeout() {
    let screens = runFailingSaves(until: 20_000, [(100, .save)])
    #expect(at(100 + 7_999, screens).errorMessage == "Could not save: the disk is full")
    #expect(at(100 + 8_000, screens).errorMessage == nil)
}

@Test func todoEditorScreenASaveErrorGoesWithTheNextKeyWhichStillWorks() {
    let screens = runFailingSaves(until: 1_000, [(100, .save), (200, .edit(PromptText("Milk!")))])
    #expect(at(199, screens).errorMessage != nil)
    #expect(at(200, screens).errorMessage == nil)
    #expect(at(200, screens).fields[0].text == "Milk!")
}

@Test func todoEditorScreenAnotherFailedSaveRestartsTheTimeout() {
    let screens = runFailingSaves(until: 20_000, [(100, .save), (5_000, .save)])
    #expect(at(8_200, screens).errorMessage == "Could not save: the disk is full")
    #expect(at(12_999, screens).errorMessage != nil)
    #expect(at(13_000, screens).errorMessage == nil)
}

@Test func todoEditorScreenNotesKeepTheirLinesAndTheAreasView() {
    let (screens, saved, _) = run([
        (50, .notesArea(width: 20, height: 3)), (100, .focus(by: 1)),
        (101, .editNotes(PromptText("one\ntwo", cursor: 5), AreaView(scrollRow: 1, goalColumn: 1))), (200, .save),
    ])
    #expect(at(50, screens).notesView == AreaView(width: 20, height: 3))
    #expect(at(101, screens).fields[1] == PromptText("one\ntwo", cursor: 5))
    #expect(at(101, screens).notesView == AreaView(width: 20, height: 3, scrollRow: 1, goalColumn: 1))
    #expect(saved == ["7 Milk | one\ntwo"])
}

@Test func todoEditorScreenNotesThatDidNotFitSayItUntilTheNextKeyOrTheTimeout() {
    let full = PromptText("full", cursor: 4)
    let (screens, saved, _) = run([
        (100, .focus(by: 1)), (101, .editNotes(full, AreaView(), overflowed: true)),
        (200, .editNotes(PromptText("ful", cursor: 3), AreaView())),
        (300, .editNotes(full, AreaView(), overflowed: true)),
        (400, .save),
    ])
    #expect(at(101, screens).errorMessage == "The notes are full (4 characters); the rest was not added.")
    #expect(at(101, screens).fields[1] == full)
    #expect(at(200, screens).errorMessage == nil)
    #expect(at(300, screens).errorMessage != nil)
    // A save still works while it is shown, and the notes saved are what fitted.
    #expect(saved == ["7 Milk | full"])
}

@Test func todoEditorScreenTheAreaSizeIsNoKeyAndLeavesAMessage() {
    let screens = runFailingSaves(until: 1_000, [(100, .save), (200, .notesArea(width: 30, height: 5))])
    #expect(at(200, screens).errorMessage == "Could not save: the disk is full")
    #expect(at(200, screens).notesView.width == 30)
}

@Test func todoEditorScreenSaysWhenAnotherProcessChangedTheTodoAndASecondSaveOverwrites() {
    let seenTitles = CallLog<String>()
    let (screens, saved, routes) = run(
        [(100, .edit(PromptText("Oat milk"))), (200, .save), (300, .save), (400, .save)],
        save: { fields, _, seen in
            seenTitles.append(seen?.title ?? "the todo as loaded")
            // Another process renamed the todo "Soy milk" after it was loaded, then "Rice milk"
            // after the first refusal; the third save writes over what it was shown.
            return switch seen?.title {
            case nil: .just(.failure(SceneError.changedElsewhere(Fixtures.todo(7, "Soy milk"))))
            case "Soy milk": .just(.failure(SceneError.changedElsewhere(Fixtures.todo(7, "Rice milk"))))
            default: .just(.success(Fixtures.todo(7, fields.title)))
            }
        })
    #expect(
        at(250, screens).errorMessage == "Not saved: elsewhere, the title is now “Soy milk”. Save again to keep yours.")
    #expect(
        at(350, screens).errorMessage == "Not saved: elsewhere, the title is now “Rice milk”. Save again to keep yours."
    )
    #expect(at(350, screens).fields[0].text == "Oat milk")
    #expect(saved == ["7 Oat milk | ", "7 Oat milk | ", "7 Oat milk | "])
    #expect(seenTitles.all == ["the todo as loaded", "Soy milk", "Rice milk"])
    #expect(routes == [.back])
}
