import Domain
import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private let stored = Todo(id: 4, title: "Milk", notes: "2 l", createdAt: Fixtures.day, dueAt: Fixtures.day)

/// An editor over a fake service that loads `stored` after 10 ticks and records saves.
private struct Scene {
    let scheduler = TestScheduler()
    let saves = CallLog<String>()
    var saveResult: Result<Todo, SceneError> = .success(stored)
    /// The todo the editor loads.
    var loaded = stored

    /// The editor of `id` (or of a new todo), its state and routes recorded from tick 200 to
    /// 1000, with `actions` at their ticks.
    func run(id: Int64?, _ actions: [(Int, Editor.Action)] = []) -> Run {
        let scheduler = scheduler
        let saves = saves
        let saveResult = saveResult
        let loaded = loaded
        let service = MockTodoEditorService {
            $0.loadHandler = { _ in
                scheduler.createColdObservable([.next(10, Result<Todo?, SceneError>.success(loaded)), .completed(10)])
                    .asObservable()
            }
            $0.saveHandler = { fields, stored, _ in
                let id = stored?.id
                let attributes = fields.attributes == .none ? "" : " | " + TodoLine.written(fields.attributes)
                saves.append(
                    "\(id.map(String.init) ?? "new"): \(fields.title) | \(fields.notes) | \(fields.dueAt.map(DueDate.format) ?? "-")"
                        + attributes)
                return .just(saveResult)
            }
        }
        let output = TodoEditorViewModel(
            service: service, todoID: id, scheduler: scheduler, dueDays: { Fixtures.dueDays }
        )
        .transform(input: editorInput(scheduler, actions))
        let run = Run(states: record(output.state, on: scheduler), routes: record(output.route, on: scheduler))
        scheduler.advance(to: 1000)
        return run
    }
}

/// The states and routes of a run.
private struct Run {
    let states: TestableObserver<Editor.State>
    let routes: TestableObserver<Route>

    /// What `pick` reads from each state, at its tick, each change once.
    func changes<Value: Equatable>(_ pick: (Editor.State) -> Value) -> [Recorded<Event<Value>>] {
        var changes: [Recorded<Event<Value>>] = []
        for event in states.events {
            guard let value = event.value.element.map(pick) else { continue }
            if changes.last?.value.element != value { changes.append(.next(event.time, value)) }
        }
        return changes
    }

    /// The last state.
    var last: Editor.State? { states.elements.last }
}

@Test func editorLoadsTheStoredTodoIntoTheForm() {
    withSubscriptionTracking {
        let run = Scene().run(id: 4)
        #expect(run.changes(\.isLoading) == [.next(200, true), .next(210, false)])
        #expect(run.last.map { [$0.title, $0.notes, $0.dueText] } == ["Milk", "2 l", "2026-12-31"])
    }
}

@Test func editorForANewTodoDoesNotLoad() {
    withSubscriptionTracking {
        let run = Scene().run(id: nil)
        #expect(run.changes(\.isLoading) == [.next(200, false)])
        #expect(run.changes(\.canSave) == [.next(200, false)])
    }
}

@Test func editorValidatesTheTitleAsItIsTyped() {
    withSubscriptionTracking {
        let run = Scene().run(
            id: nil,
            typing("Milk", at: 300) + typing("  ", at: 400) + typing(String(repeating: "x", count: 501), at: 500))
        #expect(
            run.changes(\.titleError) == [
                .next(200, "A title is required."), .next(300, nil), .next(400, "A title is required."),
                .next(500, "A title can have at most 500 characters; this one has 501."),
            ])
        #expect(run.changes(\.canSave) == [.next(200, false), .next(300, true), .next(400, false)])
    }
}

@Test func editorUnparseableDueDateDisablesSave() {
    withSubscriptionTracking {
        let run = Scene().run(id: nil, typing("Milk", at: 300) + typing("someday", in: .due, at: 400))
        #expect(
            run.changes(\.dueError) == [
                .next(200, nil),
                .next(
                    400,
                    "“someday” is not a date. Write one of: today, tomorrow, a weekday (fri), next week, next month, "
                        + "+3d, +2w, +1m, in 3 days, eow, eom, dec 24, 24 december, 24/12 (DD/MM) or 2026-12-24."),
            ])
        #expect(run.changes(\.canSave) == [.next(200, false), .next(300, true), .next(400, false)])
    }
}

@Test func editorSaveSendsTheFieldsAndGoesBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let run = scene.run(
            id: 4, typing("Oat milk ", at: 300) + typing("2027-01-02", in: .due, at: 310) + [(400, .save)])
        #expect(scene.saves.all == ["4: Oat milk | 2 l | 2027-01-02"])
        #expect(run.routes.events == [.next(400, .back)])
    }
}

@Test func editorTitleLineSetsTagsProjectPriorityAndRecurrenceAsTheListsLinesDo() {
    withSubscriptionTracking {
        let scene = Scene()
        let line = #"Water \+plants +home project:garden pri:L recur:weekly"#
        _ = scene.run(id: nil, typing(line, at: 300) + typing("2027-01-02", in: .due, at: 310) + [(400, .save)])
        #expect(
            scene.saves.all == ["new: Water +plants |  | 2027-01-02 | +home project:garden pri:L recur:weekly"])
    }
}

@Test func editorShowsTheStoredAttributesInTheTitleLineAndKeepsThemWhenOnlyTheNotesChange() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.loaded = Todo(
            id: 4, title: "Learn +word", notes: "", createdAt: Fixtures.day,
            attributes: TodoAttributes(tags: ["home"], priority: .high))
        let run = scene.run(id: 4, typing("more", in: .notes, at: 300) + [(400, .save)])
        #expect(run.changes(\.title) == [.next(200, ""), .next(210, #"Learn \+word +home pri:H"#)])
        #expect(run.changes(\.hasUnsavedChanges) == [.next(200, false), .next(300, true)])
        #expect(scene.saves.all == ["4: Learn +word | more | - | +home pri:H"])
    }
}

@Test func editorSavingATitleLineAsLoadedKeepsTheTitleAndAttributesExactlyAsStored() {
    withSubscriptionTracking {
        var scene = Scene()
        // Reading the line back would join the title's words with single spaces.
        scene.loaded = Todo(
            id: 4, title: "Call  Bob", notes: "", createdAt: Fixtures.day, attributes: TodoAttributes(tags: ["home"]))
        _ = scene.run(id: 4, typing("later", in: .notes, at: 300) + [(400, .save)])
        #expect(scene.saves.all == ["4: Call  Bob | later | - | +home"])
    }
}

@Test func editorTitleLineNamingADueDayOrARecurrenceWithoutOneSaysWhereTheDueDayGoes() {
    withSubscriptionTracking {
        let run = Scene().run(
            id: nil,
            typing("Call due:fri", at: 300) + typing("Bins recur:weekly", at: 400)
                + typing("fri", in: .due, at: 500) + typing("Bins pri:X", at: 600))
        #expect(
            run.changes(\.titleError) == [
                .next(200, "A title is required."), .next(300, "Write the due day in the Due field."),
                .next(400, "A recurring todo needs a due day: fill in the Due field."), .next(500, nil),
                .next(600, "“pri:X” is not a priority; write pri:H, pri:M or pri:L."),
            ])
    }
}

@Test func editorSavesADueDateTypedInWordsAsItsDay() {
    withSubscriptionTracking {
        let scene = Scene()
        let run = scene.run(
            id: nil, typing("Milk", at: 300) + typing("next week", in: .due, at: 310) + [(400, .save)])
        #expect(run.last?.dueNote == "Thursday 2026-12-03, in 7 days")
        #expect(run.changes(\.dueError) == [.next(200, nil)])
        #expect(scene.saves.all == ["new: Milk |  | 2026-12-03"])
    }
}

@Test func editorSaveOfInvalidFieldsDoesNothing() {
    withSubscriptionTracking {
        let scene = Scene()
        let run = scene.run(id: nil, typing(" ", at: 300) + [(400, .save)])
        #expect(scene.saves.all.isEmpty)
        #expect(run.routes.events.isEmpty)
    }
}

@Test func editorSaveBeforeTheTodoLoadedDoesNothing() {
    withSubscriptionTracking {
        let scene = Scene()
        let run = scene.run(id: 4, [(205, .save)])
        #expect(scene.saves.all.isEmpty)
        #expect(run.routes.events.isEmpty)
    }
}

@Test func editorSaveFailureIsShownAndTheEditorStays() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.saveResult = .failure(SceneError.storage("disk full"))
        let run = scene.run(id: nil, typing("Milk", at: 300) + [(400, .save)])
        #expect(run.changes(\.errorMessage) == [.next(200, nil), .next(400, "Could not save: disk full")])
        #expect(run.changes(\.isSaving) == [.next(200, false), .next(400, true), .next(400, false)])
        #expect(run.routes.events.isEmpty)
    }
}

@Test func editorCancelWithoutChangesGoesBack() {
    withSubscriptionTracking {
        let run = Scene().run(id: 4, [(300, .cancel)])
        #expect(run.routes.events == [.next(300, .back)])
        #expect(run.changes(\.isConfirmingDiscard) == [.next(200, false)])
    }
}

@Test func editorCancelWithUnsavedChangesAsksThenDiscardsOnConfirmation() {
    withSubscriptionTracking {
        let scene = Scene()
        let run = scene.run(id: 4, typing("3 l", in: .notes, at: 300) + [(400, .cancel), (500, .confirmDiscard)])
        #expect(run.changes(\.isConfirmingDiscard) == [.next(200, false), .next(400, true), .next(500, false)])
        #expect(run.routes.events == [.next(500, .back)])
        #expect(scene.saves.all.isEmpty)
    }
}

@Test func editorCancelWithUnsavedChangesThenKeepEditingStays() {
    withSubscriptionTracking {
        let run = Scene().run(id: 4, typing("Tea", at: 300) + [(400, .cancel), (500, .keepEditing)])
        #expect(run.changes(\.isConfirmingDiscard) == [.next(200, false), .next(400, true), .next(500, false)])
        #expect(run.routes.events.isEmpty)
        #expect(run.last?.title == "Tea")
    }
}

@Test func editorHelpRoutesToTheEditorsKeys() {
    withSubscriptionTracking {
        let run = Scene().run(id: nil, [(300, .help)])
        #expect(run.routes.events == [.next(300, .help(.todoEditor))])
    }
}
