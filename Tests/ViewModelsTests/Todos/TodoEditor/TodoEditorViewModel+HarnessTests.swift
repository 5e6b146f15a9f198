import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@testable import ViewModels

private let stored = Todo(id: 4, title: "Milk", notes: "", createdAt: Fixtures.day)

@Test func todoEditorHarnessValidationEnablesSaveOnlyForValidFields() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let input = editorInput(
            scheduler,
            typing("Milk", at: 100) + typing("2026-02-30", in: .due, at: 200) + typing("2026-02-28", in: .due, at: 250)
                + typing("", at: 300))
        let output = TodoEditorViewModel(
            service: MockTodoEditorService(), todoID: nil, scheduler: scheduler, dueDays: { Fixtures.dueDays }
        )
        .transform(input: input)
        let canSave = harness.record(output.state.map(\.canSave).distinctUntilChanged(), "canSave")
        let titleError = harness.record(output.state.map(\.titleError).distinctUntilChanged(), "titleError")
        let dueError = harness.record(output.state.map(\.dueError).distinctUntilChanged(), "dueError")
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
        let input = editorInput(
            scheduler,
            typing("2 l", in: .notes, at: 100) + [
                (200, .cancel), (300, .keepEditing), (400, .cancel), (500, .confirmDiscard),
            ])
        let output = TodoEditorViewModel(service: service, todoID: 4, scheduler: scheduler).transform(input: input)
        let asking = harness.record(
            output.state.map(\.isConfirmingDiscard).distinctUntilChanged(), "isConfirmingDiscard")
        let loading = harness.record(output.state.map(\.isLoading).distinctUntilChanged(), "isLoading")
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
        let input = editorInput(scheduler, typing("Milk", at: 100) + [(200, .save)])
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let saving = harness.record(output.state.map(\.isSaving).distinctUntilChanged(), "isSaving")
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
        let input = editorInput(scheduler, typing("Milk", at: 100) + [(200, .save), (210, .save), (290, .save)])
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let canSave = harness.record(output.state.map(\.canSave).distinctUntilChanged(), "canSave")
        let saving = harness.record(output.state.map(\.isSaving).distinctUntilChanged(), "isSaving")
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
        let input = editorInput(scheduler, typing("Milk", at: 100) + [(200, .save), (240, .save)])
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let saving = harness.record(output.state.map(\.isSaving).distinctUntilChanged(), "isSaving")
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
        let input = editorInput(scheduler, typing("Milk", at: 100) + [(200, .save), (220, .save), (300, .save)])
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let canSave = harness.record(output.state.map(\.canSave).distinctUntilChanged(), "canSave")
        let error = harness.record(output.state.map(\.errorMessage).distinctUntilChanged(), "errorMessage")
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
        let input = editorInput(
            scheduler, typing("Milk", at: 100) + [(200, .save), (250, .cancel), (400, .cancel), (450, .confirmDiscard)])
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let asking = harness.record(
            output.state.map(\.isConfirmingDiscard).distinctUntilChanged(), "isConfirmingDiscard")
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
        let input = editorInput(
            scheduler, typing("Milk", at: 100) + [(200, .save), (210, .save), (250, .save), (400, .save)])
        let output = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler).transform(input: input)
        let saving = harness.record(output.state.map(\.isSaving).distinctUntilChanged(), "isSaving")
        let error = harness.record(output.state.map(\.errorMessage).distinctUntilChanged(), "errorMessage")
        // The last error stays until its timeout.
        scheduler.advance(to: 500 + 8_000)
        harness.expect(
            saving, [.next(0, false), .next(200, true), .next(300, false), .next(400, true), .next(500, false)])
        harness.expect(
            error,
            [
                .next(0, nil), .next(300, "Could not save: database is busy"), .next(400, nil),
                .next(500, "Could not save: database is busy"), .next(8_500, nil),
            ])
        harness.expectSubscriptions(failing, [Subscription(200, 300), Subscription(400, 500)])
        #expect(calls.all == [200, 400])
    }
}
