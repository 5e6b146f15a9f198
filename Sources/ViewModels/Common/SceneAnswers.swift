import SceneServices
import Streams

/// The answers of a scene service as events; an error of the stream itself (scene services
/// send none, they answer with results) becomes one last failed result.
func answer<Value: Sendable, Answer: Sendable>(
    _ source: Observable<Result<Value, SceneError>>, _ event: @escaping @Sendable (Result<Value, SceneError>) -> Answer
) -> Observable<Answer> {
    source.catch { .just(.failure(SceneError.unexpected("\($0)"))) }.map(event)
}

extension Result where Failure == SceneError {
    /// The failure in words after `prefix` ("Could not add the todo: …"), or `nil` on success.
    func failureMessage(after prefix: String) -> String? {
        if case .failure(let error) = self { error.message(after: prefix) } else { nil }
    }
}

/// A write's failure as an event made by `failed` from its message after `prefix` ("Could not
/// add the todo: …"); its success sends nothing, as the observed list shows it.
func failure<Value: Sendable, Answer: Sendable>(
    of outcome: Observable<Result<Value, SceneError>>, after prefix: String,
    _ failed: @escaping @Sendable (String) -> Answer
) -> Observable<Answer> {
    answer(outcome) { $0.failureMessage(after: prefix).map(failed) }.compactMap { $0 }
}
