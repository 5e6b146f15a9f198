import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private let stored = Todo(id: 4, title: "Milk", notes: "", createdAt: Fixtures.day)

@Test func todoEditorHarnessValidationEnablesSaveOnlyForValidFields() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let title = scheduler.createHotObservable([.next(100, "Milk"), .next(300, "")])
        let due = scheduler.createHotObservable([.next(200, "2026-02-30"), .next(250, "2026-02-28")])
        let output = TodoEditorViewModel(
            service: MockTodoEditorService(), todoID: nil, scheduler: scheduler, dueDays: { Fixtures.dueDays }
        )
        .transform(input: .init(title: title.asObservable(), dueText: due.asObservable()))
        let canSave = harness.record(output.canSave, "canSave")
        let titleError = harness.record(output.titleError, "titleError")
        let dueError = harness.record(output.dueError, "dueError")
        scheduler.advance(to: 1000)
        harness.expect(
            canSave, [.next(0, false), .next(100, true), .next(200, false), .next(250, true), .next(300, false)])
        harness.expect(
            titleError, [.next(0, "A title is required."), .next(100, nil), .next(300, "A title is required.")])
        harness.expect(
            dueError,
            [.next(0, nil), .next(200, "February 2026 has 28 days, so there is no February 30."), .next(250, nil)])
    }
}

@Test func todoEditorHarnessUnsavedChangesAreConfirmedBeforeLeaving() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let load = scheduler.createColdObservable([
            .next(10, Result<Todo?, SceneError>.success(stored)), .completed(10),
        ])
        let service = MockTodoEditorService {
            $0.loadHandler = { _ in load.asObservable() }
        }
        let input = TodoEditorViewModel.Input(
            notes: scheduler.createHotObservable([.next(100, "2 l")]).asObservable(),
            cancel: scheduler.createHotObservable([.next(200, ()), .next(400, ())]).asObservable(),
            confirmDiscard: scheduler.createHotObservable([.next(500, ())]).asObservable(),
            keepEditing: scheduler.createHotObservable([.next(300, ())]).asObservable())
        let output = TodoEditorViewModel(service: service, todoID: 4, scheduler: scheduler).transform(input: input)
        let asking = harness.record(output.isConfirmingDiscard, "isConfirmingDiscard")
        let loading = harness.record(output.isLoading, "isLoading")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(
            asking, [.next(0, false), .next(200, true), .next(300, false), .next(400, true), .next(500, false)])
        harness.expect(loading, [.next(0, true), .next(10, false)])
        harness.expect(route, [.next(500, .back)])
        harness.expectSubscriptions(load, [Subscription(0, 10)])
    }
}

@Test func todoEditorHarnessSaveShowsProgressThenLeaves() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let save = scheduler.createColdObservable([
            .next(30, Result<Todo, SceneError>.success(stored)), .completed(30),
        ])
        let service = MockTodoEditorService {
            $0.saveHandler = { _, _, _ in save.asObservable() }
        }
        let input = TodoEditorViewModel.Input(
            title: scheduler.createHotObservable([.next(100, "Milk")]).asObservable(),
            save: scheduler.createHotObservable([.next(200, ())]).asObservable())
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let saving = harness.record(output.isSaving, "isSaving")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(saving, [.next(0, false), .next(200, true), .next(230, false)])
        harness.expect(route, [.next(230, .back)])
        harness.expectSubscriptions(save, [Subscription(200, 230)])
    }
}

@Test func todoEditorHarnessSavePressedAgainDuringASlowSaveSavesOnce() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let save = scheduler.createColdObservable([
            .next(100, Result<Todo, SceneError>.success(stored)), .completed(100),
        ])
        let calls = CallLog<String>()
        let service = MockTodoEditorService {
            $0.saveHandler = { fields, _, _ in
                calls.append(fields.title)
                return save.asObservable()
            }
        }
        let input = TodoEditorViewModel.Input(
            title: scheduler.createHotObservable([.next(100, "Milk")]).asObservable(),
            save: scheduler.createHotObservable([.next(200, ()), .next(210, ()), .next(290, ())]).asObservable())
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let canSave = harness.record(output.canSave, "canSave")
        let saving = harness.record(output.isSaving, "isSaving")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(canSave, [.next(0, false), .next(100, true), .next(200, false)])
        harness.expect(saving, [.next(0, false), .next(200, true), .next(300, false)])
        harness.expect(route, [.next(300, .back)])
        harness.expectSubscriptions(save, [Subscription(200, 300)])
        #expect(calls.all == ["Milk"])
    }
}

@Test func todoEditorHarnessSavePressedAfterASuccessfulSaveIsIgnored() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let save = scheduler.createColdObservable([
            .next(30, Result<Todo, SceneError>.success(stored)), .completed(30),
        ])
        let service = MockTodoEditorService {
            $0.saveHandler = { _, _, _ in save.asObservable() }
        }
        let input = TodoEditorViewModel.Input(
            title: scheduler.createHotObservable([.next(100, "Milk")]).asObservable(),
            save: scheduler.createHotObservable([.next(200, ()), .next(240, ())]).asObservable())
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let saving = harness.record(output.isSaving, "isSaving")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(saving, [.next(0, false), .next(200, true), .next(230, false)])
        harness.expect(route, [.next(230, .back)])
        harness.expectSubscriptions(save, [Subscription(200, 230)])
    }
}

@Test func todoEditorHarnessFailedSlowSaveReenablesSaveWithTheError() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let failing = scheduler.createColdObservable([
            .next(50, Result<Todo, SceneError>.failure(SceneError.storage("disk full"))), .completed(50),
        ])
        let succeeding = scheduler.createColdObservable([
            .next(50, Result<Todo, SceneError>.success(stored)), .completed(50),
        ])
        let calls = CallLog<Int>()
        let service = MockTodoEditorService {
            $0.saveHandler = { _, _, _ in
                calls.append(calls.all.count)
                return calls.all.count == 1 ? failing.asObservable() : succeeding.asObservable()
            }
        }
        let input = TodoEditorViewModel.Input(
            title: scheduler.createHotObservable([.next(100, "Milk")]).asObservable(),
            save: scheduler.createHotObservable([.next(200, ()), .next(220, ()), .next(300, ())]).asObservable())
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let canSave = harness.record(output.canSave, "canSave")
        let error = harness.record(output.errorMessage, "errorMessage")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(
            canSave, [.next(0, false), .next(100, true), .next(200, false), .next(250, true), .next(300, false)])
        harness.expect(error, [.next(0, nil), .next(250, "Could not save: disk full"), .next(300, nil)])
        harness.expect(route, [.next(350, .back)])
        harness.expectSubscriptions(failing, [Subscription(200, 250)])
        harness.expectSubscriptions(succeeding, [Subscription(300, 350)])
    }
}

@Test func todoEditorHarnessCancelDuringASlowSaveWaitsForItsOutcome() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let save = scheduler.createColdObservable([
            .next(100, Result<Todo, SceneError>.failure(SceneError.storage("disk full"))), .completed(100),
        ])
        let service = MockTodoEditorService {
            $0.saveHandler = { _, _, _ in save.asObservable() }
        }
        let input = TodoEditorViewModel.Input(
            title: scheduler.createHotObservable([.next(100, "Milk")]).asObservable(),
            save: scheduler.createHotObservable([.next(200, ())]).asObservable(),
            cancel: scheduler.createHotObservable([.next(250, ()), .next(400, ())]).asObservable(),
            confirmDiscard: scheduler.createHotObservable([.next(450, ())]).asObservable())
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let asking = harness.record(output.isConfirmingDiscard, "isConfirmingDiscard")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(asking, [.next(0, false), .next(400, true), .next(450, false)])
        harness.expect(route, [.next(450, .back)])
        harness.expectSubscriptions(save, [Subscription(200, 300)])
    }
}

@Test func todoEditorHarnessPressesDuringASlowFailingSaveAreIgnoredUntilItFails() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let failing = scheduler.createColdObservable([
            .next(100, Result<Todo, SceneError>.failure(SceneError.storage("database is busy"))), .completed(100),
        ])
        let calls = CallLog<Int>()
        let service = MockTodoEditorService {
            $0.saveHandler = { _, _, _ in
                calls.append(scheduler.now)
                return failing.asObservable()
            }
        }
        // Presses at 210 and 250 fall inside the first save (200 to 300) and are ignored; the
        // failure frees the key, so the press at 400 is a new save.
        let input = TodoEditorViewModel.Input(
            title: scheduler.createHotObservable([.next(100, "Milk")]).asObservable(),
            save: scheduler.createHotObservable([.next(200, ()), .next(210, ()), .next(250, ()), .next(400, ())])
                .asObservable())
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let saving = harness.record(output.isSaving, "isSaving")
        let error = harness.record(output.errorMessage, "errorMessage")
        scheduler.advance(to: 1000)
        harness.expect(
            saving, [.next(0, false), .next(200, true), .next(300, false), .next(400, true), .next(500, false)])
        harness.expect(
            error,
            [
                .next(0, nil), .next(300, "Could not save: database is busy"), .next(400, nil),
                .next(500, "Could not save: database is busy"),
            ])
        harness.expectSubscriptions(failing, [Subscription(200, 300), Subscription(400, 500)])
        #expect(calls.all == [200, 400])
    }
}
