import Domain
import SceneServices
import Streams

/// The answers of a scene service as events; an error of the stream itself (scene services
/// send none, they answer with results) becomes one last failed result.
func answer<Value: Sendable, Answer: Sendable>(
    _ source: Observable<Result<Value, SceneError>>, _ event: @escaping @Sendable (Result<Value, SceneError>) -> Answer
) -> Observable<Answer> { source.catch { .just(.failure(SceneError.unexpected("\($0)"))) }.map(event) }

/// A command's answer as an event: `succeeded` of its value (by default nothing, as the observed
/// list shows it), or `failed` of its failure in words after `prefix` ("Could not add the todo:
/// …"; `nil`: in the failure's own words).
func outcome<Value: Sendable, Answer: Sendable>(
    of source: Observable<Result<Value, SceneError>>, after prefix: String?,
    failed: @escaping @Sendable (String) -> Answer, _ succeeded: @escaping @Sendable (Value) -> Answer? = { _ in nil }
) -> Observable<Answer> {
    answer(source) { result in
        switch result {
        case .success(let value): succeeded(value)
        case .failure(let error): failed(prefix.map(error.message(after:)) ?? error.message)
        }
    }
    .compactMap { $0 }
}

/// The real time a screen left open reads the day by (see ``days(_:on:)``).
let wallClock: any Scheduler = DispatchQueueScheduler(label: "day clock")

/// The day `today` gives, each time it changes (read every minute on `scheduler`).
func days(_ today: @escaping @Sendable () -> DueDay, on scheduler: any Scheduler) -> Observable<DueDay> {
    Observable<Int>.interval(.seconds(60), scheduler: scheduler).map { _ in today() }.startWith(today())
        .distinctUntilChanged().skip(1)
}
