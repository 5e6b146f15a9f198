import Domain
import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing

@Test func mockTodoListServiceCallsTheClosureGiven() {
    let service = MockTodoListService {
        $0.addHandler = { line in .just(.failure(SceneError.storage("refused \(line.title)"))) }
    }
    let observer = TestScheduler().createObserver(Result<Todo, SceneError>.self)
    withSubscriptionTracking {
        _ = service.add(TodoLine(title: "Milk")).subscribe(observer.asObserver())
    }
    #expect(observer.elements == [.failure(SceneError.storage("refused Milk"))])
}

@Test func mockTodoListServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockTodoListService().toggle(id: 1)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("TodoListServiceType.toggle(id:) was called") }
    }
}

@Test func mockTodoListServiceUnexpectedCallCompletesWithoutElements() {
    let observer = TestScheduler().createObserver(Result<Int, SceneError>.self)
    withKnownIssue {
        _ = MockTodoListService().clearCompleted(in: TodoQuery()).subscribe(observer.asObserver())
    }
    #expect(observer.events == [.completed(0)])
}
