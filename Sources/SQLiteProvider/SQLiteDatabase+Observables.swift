public import Streams

extension SQLiteDatabase {
    /// An observable that, when subscribed, runs `body` in a write transaction and sends the
    /// outcome, then completes.
    ///
    /// The transaction runs on the thread that subscribes: subscribe on a background scheduler
    /// (`subscribe(on:)`) to keep a write off a UI queue, or use ``writeSingle(_:)``, which
    /// queues the transaction on the writer and returns at once.
    public func writeOnSubscribe<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> T
    ) -> Observable<Result<T, DatabaseError>> {
        Observable.create { [self] observer in
            let result = Result { () throws(DatabaseError) -> T in try write(body) }
            observer.onNext(result)
            observer.onCompleted()
            return Disposables.empty
        }
    }

    /// An observable that, when subscribed, runs `body` on the reader and sends the outcome,
    /// then completes, on the thread that subscribes.
    public func readOnSubscribe<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> T
    ) -> Observable<Result<T, DatabaseError>> {
        Observable.create { [self] observer in
            let result = Result { () throws(DatabaseError) -> T in try read(body) }
            observer.onNext(result)
            observer.onCompleted()
            return Disposables.empty
        }
    }
}
