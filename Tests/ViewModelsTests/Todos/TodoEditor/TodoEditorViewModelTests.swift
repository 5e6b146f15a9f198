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

    func output(id: Int64?, _ input: TodoEditorViewModel.Input) -> TodoEditorViewModel.Output {
        let scheduler = scheduler
        let saves = saves
        let saveResult = saveResult
        let service = MockTodoEditorService {
            $0.loadHandler = { _ in
                scheduler.createColdObservable([.next(10, Result<Todo?, SceneError>.success(stored)), .completed(10)])
                    .asObservable()
            }
            $0.saveHandler = { fields, stored, _ in
                let id = stored?.id
                saves.append(
                    "\(id.map(String.init) ?? "new"): \(fields.title) | \(fields.notes) | \(fields.dueAt.map(DueDate.format) ?? "-")"
                )
                return .just(saveResult)
            }
        }
        return TodoEditorViewModel(service: service, todoID: id, scheduler: scheduler, dueDays: { Fixtures.dueDays })
            .transform(input: input)
    }

    func hot<T: Sendable>(_ events: [Recorded<Event<T>>]) -> Observable<T> {
        scheduler.createHotObservable(events).asObservable()
    }
}

@Test func editorLoadsTheStoredTodoIntoTheForm() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(id: 4, .init())
        let loading = record(output.isLoading, on: scene.scheduler)
        let form = record(output.form, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(loading.events == [.next(200, true), .next(210, false)])
        #expect(form.elements.last.map { [$0.title, $0.notes, $0.dueText] } == ["Milk", "2 l", "2026-12-31"])
    }
}

@Test func editorForANewTodoDoesNotLoad() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(id: nil, .init())
        let loading = record(output.isLoading, on: scene.scheduler)
        let canSave = record(output.canSave, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(loading.events == [.next(200, false)])
        #expect(canSave.events == [.next(200, false)])
    }
}

@Test func editorValidatesTheTitleAsItIsTyped() {
    withSubscriptionTracking {
        let scene = Scene()
        let title = scene.hot([.next(300, "Milk"), .next(400, "  "), .next(500, String(repeating: "x", count: 501))])
        let output = scene.output(id: nil, .init(title: title))
        let error = record(output.titleError, on: scene.scheduler)
        let canSave = record(output.canSave, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            error.events == [
                .next(200, "A title is required."), .next(300, nil), .next(400, "A title is required."),
                .next(500, "A title can have at most 500 characters; this one has 501."),
            ])
        #expect(canSave.events == [.next(200, false), .next(300, true), .next(400, false)])
    }
}

@Test func editorUnparseableDueDateDisablesSave() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            id: nil, .init(title: scene.hot([.next(300, "Milk")]), dueText: scene.hot([.next(400, "someday")])))
        let error = record(output.dueError, on: scene.scheduler)
        let canSave = record(output.canSave, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(
            error.events == [
                .next(200, nil),
                .next(
                    400,
                    "“someday” is not a date. Write one of: today, tomorrow, yesterday, a weekday (fri), next week, "
                        + "+3d, +2w, in 3 days, in 2 weeks, dec 24, 24 december, 24/12 (DD/MM) or 2026-12-24."),
            ])
        #expect(canSave.events == [.next(200, false), .next(300, true), .next(400, false)])
    }
}

@Test func editorSaveSendsTheFieldsAndGoesBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            id: 4,
            .init(
                title: scene.hot([.next(300, "Oat milk ")]), dueText: scene.hot([.next(310, "2027-01-02")]),
                save: scene.hot([.next(400, ())])))
        let route = record(output.route, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.saves.all == ["4: Oat milk | 2 l | 2027-01-02"])
        #expect(route.events == [.next(400, .back)])
    }
}

@Test func editorSavesADueDateTypedInWordsAsItsDay() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            id: nil,
            .init(
                title: scene.hot([.next(300, "Milk")]), dueText: scene.hot([.next(310, "next week")]),
                save: scene.hot([.next(400, ())])))
        let form = record(output.form, on: scene.scheduler)
        let error = record(output.dueError, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(form.elements.last?.dueNote == "Thursday 2026-12-03, in 7 days")
        #expect(error.events == [.next(200, nil)])
        #expect(scene.saves.all == ["new: Milk |  | 2026-12-03"])
    }
}

@Test func editorSaveOfInvalidFieldsDoesNothing() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            id: nil, .init(title: scene.hot([.next(300, " ")]), save: scene.hot([.next(400, ())])))
        let route = record(output.route, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.saves.all.isEmpty)
        #expect(route.events.isEmpty)
    }
}

@Test func editorSaveBeforeTheTodoLoadedDoesNothing() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(id: 4, .init(save: scene.hot([.next(205, ())])))
        let route = record(output.route, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(scene.saves.all.isEmpty)
        #expect(route.events.isEmpty)
    }
}

@Test func editorSaveFailureIsShownAndTheEditorStays() {
    withSubscriptionTracking {
        var scene = Scene()
        scene.saveResult = .failure(SceneError.storage("disk full"))
        let output = scene.output(
            id: nil, .init(title: scene.hot([.next(300, "Milk")]), save: scene.hot([.next(400, ())])))
        let error = record(output.errorMessage, on: scene.scheduler)
        let saving = record(output.isSaving, on: scene.scheduler)
        let route = record(output.route, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(error.events == [.next(200, nil), .next(400, "Could not save: disk full")])
        #expect(saving.events == [.next(200, false), .next(400, true), .next(400, false)])
        #expect(route.events.isEmpty)
    }
}

@Test func editorCancelWithoutChangesGoesBack() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(id: 4, .init(cancel: scene.hot([.next(300, ())])))
        let route = record(output.route, on: scene.scheduler)
        let asking = record(output.isConfirmingDiscard, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .back)])
        #expect(asking.events == [.next(200, false)])
    }
}

@Test func editorCancelWithUnsavedChangesAsksThenDiscardsOnConfirmation() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            id: 4,
            .init(
                notes: scene.hot([.next(300, "3 l")]), cancel: scene.hot([.next(400, ())]),
                confirmDiscard: scene.hot([.next(500, ())])))
        let route = record(output.route, on: scene.scheduler)
        let asking = record(output.isConfirmingDiscard, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(asking.events == [.next(200, false), .next(400, true), .next(500, false)])
        #expect(route.events == [.next(500, .back)])
        #expect(scene.saves.all.isEmpty)
    }
}

@Test func editorCancelWithUnsavedChangesThenKeepEditingStays() {
    withSubscriptionTracking {
        let scene = Scene()
        let output = scene.output(
            id: 4,
            .init(
                title: scene.hot([.next(300, "Tea")]), cancel: scene.hot([.next(400, ())]),
                keepEditing: scene.hot([.next(500, ())])))
        let route = record(output.route, on: scene.scheduler)
        let asking = record(output.isConfirmingDiscard, on: scene.scheduler)
        let form = record(output.form, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(asking.events == [.next(200, false), .next(400, true), .next(500, false)])
        #expect(route.events.isEmpty)
        #expect(form.elements.last?.title == "Tea")
    }
}

@Test func editorHelpRoutesToTheEditorsKeys() {
    withSubscriptionTracking {
        let scene = Scene()
        let route = record(scene.output(id: nil, .init(help: scene.hot([.next(300, ())]))).route, on: scene.scheduler)
        scene.scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .help(.todoEditor))])
    }
}
