import Requests
import SQLiteProvider
import Streams

extension Observable {
    /// The database's results, their failures worded for people.
    func wordedForPeople<Value: Sendable>() -> Observable<Result<Value, HabitsError>>
    where Element == Result<Value, DatabaseError> {
        map { $0.mapError(HabitsError.init) }
    }

    /// The server's results, their failures worded for people.
    func wordedForPeople<Value: Sendable>() -> Observable<Result<Value, HabitsError>>
    where Element == Result<Value, RequestError> {
        map { $0.mapError(HabitsError.init) }
    }
}
