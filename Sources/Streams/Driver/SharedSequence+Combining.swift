// Combining drivers and signals: merge, concat, zip and combineLatest over sequences of one
// kind. The result takes the first source's scheduler; sources are expected to share it.

extension SharedSequence {
    /// The scheduler of `sources`' first, or, with none, one that runs at once (the result
    /// then only completes).
    static func scheduler<Sources: Sequence>(of sources: Sources) -> any Scheduler
    where Sources.Element == SharedSequence {
        var iterator = sources.makeIterator()
        return iterator.next()?.scheduler ?? ImmediateScheduler()
    }

    /// Merges the values of every sequence of `sources`.
    public static func merge<Sources: Collection>(_ sources: Sources) -> SharedSequence
    where Sources.Element == SharedSequence {
        SharedSequence(sharing: Observable.merge(sources.map { $0.asObservable() }), scheduler: scheduler(of: sources))
    }

    /// Merges the values of every one of `sources`.
    public static func merge(_ sources: SharedSequence...) -> SharedSequence {
        merge(sources)
    }

    /// The values of each of `sources` in turn, each after the one before completes.
    public static func concat<Sources: Collection>(_ sources: Sources) -> SharedSequence
    where Sources.Element == SharedSequence {
        SharedSequence(sharing: Observable.concat(Array(sources)), scheduler: scheduler(of: sources))
    }

    /// The values of each of `sources` in turn, each after the one before completes.
    public static func concat(_ sources: SharedSequence...) -> SharedSequence {
        concat(sources)
    }

    /// Pairs the n-th values of every sequence of `sources`, in their order, and combines each
    /// group with `resultSelector`.
    public static func zip<Sources: Collection, Result: Sendable>(
        _ sources: Sources, resultSelector: @escaping @Sendable ([Element]) -> Result
    ) -> SharedSequence<Sharing, Result> where Sources.Element == SharedSequence {
        SharedSequence<Sharing, Result>(
            sharing: Observable.zip(sources, resultSelector: resultSelector), scheduler: scheduler(of: sources))
    }

    /// Groups the n-th values of every sequence of `sources` into arrays, in their order.
    public static func zip<Sources: Collection>(_ sources: Sources) -> SharedSequence<Sharing, [Element]>
    where Sources.Element == SharedSequence {
        zip(sources) { $0 }
    }

    /// Combines the latest values of every sequence of `sources`, in their order, with
    /// `resultSelector`, each time one of them sends (once each has sent).
    public static func combineLatest<Sources: Collection, Result: Sendable>(
        _ sources: Sources, resultSelector: @escaping @Sendable ([Element]) -> Result
    ) -> SharedSequence<Sharing, Result> where Sources.Element == SharedSequence {
        SharedSequence<Sharing, Result>(
            sharing: Observable.combineLatest(sources, resultSelector: resultSelector),
            scheduler: scheduler(of: sources))
    }

    /// Combines the latest values of every sequence of `sources` into arrays, in their order.
    public static func combineLatest<Sources: Collection>(_ sources: Sources) -> SharedSequence<Sharing, [Element]>
    where Sources.Element == SharedSequence {
        combineLatest(sources) { $0 }
    }
}

// Two to eight sources of different element types, as for observables.
extension SharedSequence {
    /// Combines the latest values of 2 sequences with `resultSelector`, each time one of them sends.
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>,
        resultSelector: @escaping @Sendable (A, B) -> Element
    ) -> SharedSequence {
        SharedSequence(sharing: Observable.combineLatest(a, b, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of 2 sequences into tuples.
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>
    ) -> SharedSequence
    where Element == (A, B) {
        SharedSequence(sharing: Observable.combineLatest(a, b), scheduler: a.scheduler)
    }

    /// Combines the n-th values of 2 sequences with `resultSelector`.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>,
        resultSelector: @escaping @Sendable (A, B) -> Element
    ) -> SharedSequence {
        SharedSequence(sharing: Observable.zip(a, b, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the n-th values of 2 sequences into tuples.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>
    ) -> SharedSequence
    where Element == (A, B) {
        SharedSequence(sharing: Observable.zip(a, b), scheduler: a.scheduler)
    }

    /// Combines the latest values of 3 sequences with `resultSelector`, each time one of them sends.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        resultSelector: @escaping @Sendable (A, B, C) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.combineLatest(a, b, c, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of 3 sequences into tuples.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>
    ) -> SharedSequence
    where Element == (A, B, C) {
        SharedSequence(sharing: Observable.combineLatest(a, b, c), scheduler: a.scheduler)
    }

    /// Combines the n-th values of 3 sequences with `resultSelector`.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        resultSelector: @escaping @Sendable (A, B, C) -> Element
    ) -> SharedSequence {
        SharedSequence(sharing: Observable.zip(a, b, c, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the n-th values of 3 sequences into tuples.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>
    ) -> SharedSequence
    where Element == (A, B, C) {
        SharedSequence(sharing: Observable.zip(a, b, c), scheduler: a.scheduler)
    }

    /// Combines the latest values of 4 sequences with `resultSelector`, each time one of them sends.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, resultSelector: @escaping @Sendable (A, B, C, D) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.combineLatest(a, b, c, d, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of 4 sequences into tuples.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>
    ) -> SharedSequence
    where Element == (A, B, C, D) {
        SharedSequence(sharing: Observable.combineLatest(a, b, c, d), scheduler: a.scheduler)
    }

    /// Combines the n-th values of 4 sequences with `resultSelector`.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, resultSelector: @escaping @Sendable (A, B, C, D) -> Element
    ) -> SharedSequence {
        SharedSequence(sharing: Observable.zip(a, b, c, d, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the n-th values of 4 sequences into tuples.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>
    ) -> SharedSequence
    where Element == (A, B, C, D) {
        SharedSequence(sharing: Observable.zip(a, b, c, d), scheduler: a.scheduler)
    }

    /// Combines the latest values of 5 sequences with `resultSelector`, each time one of them sends.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>,
        resultSelector: @escaping @Sendable (A, B, C, D, E) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.combineLatest(a, b, c, d, e, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of 5 sequences into tuples.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>
    ) -> SharedSequence
    where Element == (A, B, C, D, E) {
        SharedSequence(sharing: Observable.combineLatest(a, b, c, d, e), scheduler: a.scheduler)
    }

    /// Combines the n-th values of 5 sequences with `resultSelector`.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>,
        resultSelector: @escaping @Sendable (A, B, C, D, E) -> Element
    ) -> SharedSequence {
        SharedSequence(sharing: Observable.zip(a, b, c, d, e, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the n-th values of 5 sequences into tuples.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>
    ) -> SharedSequence
    where Element == (A, B, C, D, E) {
        SharedSequence(sharing: Observable.zip(a, b, c, d, e), scheduler: a.scheduler)
    }

    /// Combines the latest values of 6 sequences with `resultSelector`, each time one of them sends.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.combineLatest(a, b, c, d, e, f, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of 6 sequences into tuples.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>
    ) -> SharedSequence
    where Element == (A, B, C, D, E, F) {
        SharedSequence(sharing: Observable.combineLatest(a, b, c, d, e, f), scheduler: a.scheduler)
    }

    /// Combines the n-th values of 6 sequences with `resultSelector`.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.zip(a, b, c, d, e, f, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the n-th values of 6 sequences into tuples.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>
    ) -> SharedSequence
    where Element == (A, B, C, D, E, F) {
        SharedSequence(sharing: Observable.zip(a, b, c, d, e, f), scheduler: a.scheduler)
    }

    /// Combines the latest values of 7 sequences with `resultSelector`, each time one of them sends.
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable
    >(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>, resultSelector: @escaping @Sendable (A, B, C, D, E, F, G) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.combineLatest(a, b, c, d, e, f, g, resultSelector: resultSelector),
            scheduler: a.scheduler)
    }

    /// Combines the latest values of 7 sequences into tuples.
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable
    >(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>
    ) -> SharedSequence
    where Element == (A, B, C, D, E, F, G) {
        SharedSequence(sharing: Observable.combineLatest(a, b, c, d, e, f, g), scheduler: a.scheduler)
    }

    /// Combines the n-th values of 7 sequences with `resultSelector`.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>, resultSelector: @escaping @Sendable (A, B, C, D, E, F, G) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.zip(a, b, c, d, e, f, g, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the n-th values of 7 sequences into tuples.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>
    ) -> SharedSequence
    where Element == (A, B, C, D, E, F, G) {
        SharedSequence(sharing: Observable.zip(a, b, c, d, e, f, g), scheduler: a.scheduler)
    }

    /// Combines the latest values of 8 sequences with `resultSelector`, each time one of them sends.
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>, _ h: SharedSequence<Sharing, H>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G, H) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.combineLatest(a, b, c, d, e, f, g, h, resultSelector: resultSelector),
            scheduler: a.scheduler)
    }

    /// Combines the latest values of 8 sequences into tuples.
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>, _ h: SharedSequence<Sharing, H>
    ) -> SharedSequence
    where Element == (A, B, C, D, E, F, G, H) {
        SharedSequence(sharing: Observable.combineLatest(a, b, c, d, e, f, g, h), scheduler: a.scheduler)
    }

    /// Combines the n-th values of 8 sequences with `resultSelector`.
    public static func zip<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>, _ h: SharedSequence<Sharing, H>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G, H) -> Element
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable.zip(a, b, c, d, e, f, g, h, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the n-th values of 8 sequences into tuples.
    public static func zip<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: SharedSequence<Sharing, A>, _ b: SharedSequence<Sharing, B>, _ c: SharedSequence<Sharing, C>,
        _ d: SharedSequence<Sharing, D>, _ e: SharedSequence<Sharing, E>, _ f: SharedSequence<Sharing, F>,
        _ g: SharedSequence<Sharing, G>, _ h: SharedSequence<Sharing, H>
    ) -> SharedSequence
    where Element == (A, B, C, D, E, F, G, H) {
        SharedSequence(sharing: Observable.zip(a, b, c, d, e, f, g, h), scheduler: a.scheduler)
    }
}
