import Streams
import StreamsTesting
import Testing

@Test func refCountDisposableWaitsForEveryDependent() {
    let underlying = BooleanDisposable()
    let shared = RefCountDisposable(disposable: underlying)
    let first = shared.retain()
    let second = shared.retain()
    shared.dispose()
    #expect(!underlying.isDisposed)
    first.dispose()
    first.dispose()  // a dependent counts once
    #expect(!underlying.isDisposed)
    second.dispose()
    #expect(underlying.isDisposed)
    #expect(shared.isDisposed)
}

@Test func refCountDisposableWithNoDependentsDisposesAtOnce() {
    let underlying = BooleanDisposable()
    let shared = RefCountDisposable(disposable: underlying)
    let dependent = shared.retain()
    dependent.dispose()
    #expect(!underlying.isDisposed)
    shared.dispose()
    #expect(underlying.isDisposed)
    // Once disposed, a new dependent holds nothing.
    let late = shared.retain()
    late.dispose()
    shared.dispose()
    #expect(shared.isDisposed)
}

@Test func refCountDisposableCountsDependentsFromManyThreads() async {
    let underlying = BooleanDisposable()
    let shared = RefCountDisposable(disposable: underlying)
    let dependents = (0..<64).map { _ in shared.retain() }
    shared.dispose()
    await withTaskGroup(of: Void.self) { group in
        for dependent in dependents {
            group.addTask { dependent.dispose() }
        }
    }
    #expect(underlying.isDisposed)
}
