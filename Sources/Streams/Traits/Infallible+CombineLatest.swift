// combineLatest of two to eight infallible sequences, as RxSwift has: the result cannot fail
// either, so it is an Infallible, and the selectors do not throw (a thrown error would fail a
// sequence that promises not to, as with Driver).

extension Infallible {
    /// Combines the latest values of two infallible sequences with `resultSelector`, at every
    /// change once each has sent a value; it completes when all have.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>,
        resultSelector: @escaping @Sendable (A, B) -> Element
    ) -> Infallible<Element> {
        Infallible(unchecked: Observable.combineLatest(a.source, b.source, resultSelector: resultSelector))
    }

    /// Combines the latest values of two infallible sequences into tuples.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>
    ) -> Infallible<Element> where Element == (A, B) {
        Infallible(unchecked: Observable.combineLatest(a.source, b.source))
    }

    /// Combines the latest values of three infallible sequences with `resultSelector`, at every
    /// change once each has sent a value; it completes when all have.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>,
        resultSelector: @escaping @Sendable (A, B, C) -> Element
    ) -> Infallible<Element> {
        Infallible(unchecked: Observable.combineLatest(a.source, b.source, c.source, resultSelector: resultSelector))
    }

    /// Combines the latest values of three infallible sequences into tuples.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>
    ) -> Infallible<Element> where Element == (A, B, C) {
        Infallible(unchecked: Observable.combineLatest(a.source, b.source, c.source))
    }

    /// Combines the latest values of four infallible sequences with `resultSelector`, at every
    /// change once each has sent a value; it completes when all have.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>,
        resultSelector: @escaping @Sendable (A, B, C, D) -> Element
    ) -> Infallible<Element> {
        Infallible(
            unchecked: Observable.combineLatest(a.source, b.source, c.source, d.source, resultSelector: resultSelector))
    }

    /// Combines the latest values of four infallible sequences into tuples.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>
    ) -> Infallible<Element> where Element == (A, B, C, D) {
        Infallible(unchecked: Observable.combineLatest(a.source, b.source, c.source, d.source))
    }

    /// Combines the latest values of five infallible sequences with `resultSelector`, at every
    /// change once each has sent a value; it completes when all have.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>,
        resultSelector: @escaping @Sendable (A, B, C, D, E) -> Element
    ) -> Infallible<Element> {
        Infallible(
            unchecked: Observable.combineLatest(
                a.source, b.source, c.source, d.source, e.source, resultSelector: resultSelector))
    }

    /// Combines the latest values of five infallible sequences into tuples.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>
    ) -> Infallible<Element> where Element == (A, B, C, D, E) {
        Infallible(unchecked: Observable.combineLatest(a.source, b.source, c.source, d.source, e.source))
    }

    /// Combines the latest values of six infallible sequences with `resultSelector`, at every
    /// change once each has sent a value; it completes when all have.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>,
        _ f: Infallible<F>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F) -> Element
    ) -> Infallible<Element> {
        Infallible(
            unchecked: Observable.combineLatest(
                a.source, b.source, c.source, d.source, e.source, f.source, resultSelector: resultSelector))
    }

    /// Combines the latest values of six infallible sequences into tuples.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>,
        _ f: Infallible<F>
    ) -> Infallible<Element> where Element == (A, B, C, D, E, F) {
        Infallible(unchecked: Observable.combineLatest(a.source, b.source, c.source, d.source, e.source, f.source))
    }

    /// Combines the latest values of seven infallible sequences with `resultSelector`, at every
    /// change once each has sent a value; it completes when all have.
    @inlinable
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable
    >(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>,
        _ f: Infallible<F>, _ g: Infallible<G>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G) -> Element
    ) -> Infallible<Element> {
        Infallible(
            unchecked: Observable.combineLatest(
                a.source, b.source, c.source, d.source, e.source, f.source, g.source, resultSelector: resultSelector))
    }

    /// Combines the latest values of seven infallible sequences into tuples.
    @inlinable
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable
    >(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>,
        _ f: Infallible<F>, _ g: Infallible<G>
    ) -> Infallible<Element> where Element == (A, B, C, D, E, F, G) {
        Infallible(
            unchecked: Observable.combineLatest(a.source, b.source, c.source, d.source, e.source, f.source, g.source))
    }

    /// Combines the latest values of eight infallible sequences with `resultSelector`, at every
    /// change once each has sent a value; it completes when all have.
    @inlinable
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>,
        _ f: Infallible<F>, _ g: Infallible<G>, _ h: Infallible<H>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G, H) -> Element
    ) -> Infallible<Element> {
        Infallible(
            unchecked: Observable.combineLatest(
                a.source, b.source, c.source, d.source, e.source, f.source, g.source, h.source,
                resultSelector: resultSelector))
    }

    /// Combines the latest values of eight infallible sequences into tuples.
    @inlinable
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: Infallible<A>, _ b: Infallible<B>, _ c: Infallible<C>, _ d: Infallible<D>, _ e: Infallible<E>,
        _ f: Infallible<F>, _ g: Infallible<G>, _ h: Infallible<H>
    ) -> Infallible<Element> where Element == (A, B, C, D, E, F, G, H) {
        Infallible(
            unchecked: Observable.combineLatest(
                a.source, b.source, c.source, d.source, e.source, f.source, g.source, h.source))
    }
}
