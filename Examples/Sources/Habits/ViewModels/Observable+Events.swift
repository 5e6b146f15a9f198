import Streams

extension Observable {
    /// A service's results as events of a view model's system; an error of the stream itself
    /// (a service sends failures as results) becomes a failed result too, since an error would
    /// end the system.
    func events<Value: Sendable, Event: Sendable>(
        _ make: @escaping @Sendable (Result<Value, HabitsError>) -> Event
    ) -> Observable<Event> where Element == Result<Value, HabitsError> {
        map(make).catch { Observable<Event>.just(make(.failure(HabitsError("\($0)")))) }
    }
}
