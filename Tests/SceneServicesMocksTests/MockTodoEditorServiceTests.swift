import SceneServices
import SceneServicesMocks
import Streams
import Testing

@Test func mockTodoEditorServiceFailsTheTestOnAnUnexpectedCall() {
    withKnownIssue {
        _ = MockTodoEditorService().save(TodoFields(title: "x"), id: nil)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("TodoEditorServiceType.save(_:id:) was called") }
    }
}
