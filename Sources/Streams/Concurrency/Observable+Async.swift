extension Observable {
    /// An observable that iterates `sequence` in a new task for every subscription, sending its
    /// elements, then its end or its error.
    ///
    /// Disposing the subscription cancels the task; nothing is delivered after that, whatever
    /// the sequence does with the cancellation.
    ///
    /// ```swift
    /// let lines = Observable.from(file.lines)
    /// ```
    public static func from<S: AsyncSequence & Sendable>(_ sequence: S) -> Observable<Element>
    where S.Element == Element {
        create { observer in
            let task = Task {
                do {
                    for try await element in sequence {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }

    /// An observable that runs `operation` in a new task for every subscription and sends its
    /// result then completes, or sends the error it throws.
    ///
    /// Disposing the subscription cancels the task; its result or error is then dropped.
    ///
    /// ```swift
    /// let profile = Observable.fromAsync { try await client.fetchProfile(id: 42) }
    /// ```
    public static func fromAsync(_ operation: @escaping @Sendable () async throws -> Element) -> Observable<Element> {
        create { observer in
            let task = Task {
                do {
                    let element = try await operation()
                    observer.onNext(element)
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
