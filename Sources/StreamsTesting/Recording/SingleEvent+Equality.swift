public import Streams

// A `SingleEvent` is a `Result` whose failure is any error, which cannot be `Equatable`; these
// operators compare outcomes of singles in tests the way `Event`'s equality does, errors by type
// and description. `MaybeEvent` and `CompletableEvent` are `Equatable` in `Streams` itself.

/// Whether two outcomes of a ``Single`` are the same: equal values, or errors of the same type
/// and description.
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let a), .success(let b)): return a == b
    case (.failure(let a), .failure(let b)): return _errorsMatch(a, b)
    default: return false
    }
}

/// Whether two outcomes of a ``Single`` differ.
public func != <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    !(lhs == rhs)
}

/// Whether two lists of outcomes of singles are the same, outcome by outcome:
/// `#expect(outcomes == [.success(1), .failure(TestError(1))])`.
public func == <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
}

/// Whether two lists of outcomes of singles differ.
public func != <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
    !(lhs == rhs)
}
