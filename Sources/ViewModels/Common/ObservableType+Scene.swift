import SceneServices
import Streams

extension ObservableType {
    /// The event a write's result becomes: success, or a failure message that starts with
    /// `failurePrefix`. An error of the stream itself (scene services send none) becomes a
    /// failure message too, so the state stream never fails.
    func commandEvent<Value: Sendable, Result: Sendable>(
        _ failurePrefix: String, success: Result, failure: @escaping @Sendable (String) -> Result
    ) -> Observable<Result> where Element == Swift.Result<Value, SceneError> {
        map { outcome in
            switch outcome {
            case .success: success
            case .failure(let error): failure("\(failurePrefix): \(error.message)")
            }
        }
        .catch { error in Observable.just(failure("\(failurePrefix): \(error)")) }
    }

    /// Turns a stream feeding the state into one that cannot fail: an error becomes `fallback`
    /// of the error, and the stream ends there.
    func recover(_ fallback: @escaping @Sendable (any Error) -> Element) -> Observable<Element> {
        self.catch { error in Observable.just(fallback(error)) }
    }
}
