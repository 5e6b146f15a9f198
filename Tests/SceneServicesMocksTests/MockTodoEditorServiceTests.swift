import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@Test func mockTodoEditorServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockTodoEditorService().save(TodoFields(title: "x"), over: nil)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("TodoEditorServiceType.save(_:over:overwriting:) was called") }
    }
}

@Test func mockTodoEditorServiceCallsTheClosureGiven() {
    let service = MockTodoEditorService {
        $0.saveHandler = { fields, stored, _ in
            .just(.failure(SceneError.storage("refused \(fields.title) \(stored?.id ?? 0)")))
        }
    }
    let observer = TestScheduler().createObserver(Result<Todo, SceneError>.self)
    withSubscriptionTracking {
        _ = service.save(TodoFields(title: "Milk"), over: Todo(id: 5, title: "Tea", createdAt: .distantPast)).subscribe(
            observer.asObserver())
    }
    #expect(observer.elements == [.failure(SceneError.storage("refused Milk 5"))])
}
