// zip for singles and maybes, two to eight of them, as RxSwift has: a single succeeds with the
// values of all, a maybe with the values of all or completes empty as soon as one does.

extension Single {
    /// Succeeds with the values of 2 singles, combined by `resultSelector`; the first failure fails it.
    @inlinable
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Single<A>, _ b: Single<B>, resultSelector: @escaping @Sendable (A, B) throws -> Element
    ) -> Single<Element> {
        Single(unchecked: Observable.zip(a.source, b.source, resultSelector: resultSelector))
    }

    /// Succeeds with the values of 2 singles as a tuple.
    @inlinable
    public static func zip<A: Sendable, B: Sendable>(_ a: Single<A>, _ b: Single<B>) -> Single<Element>
    where Element == (A, B) {
        Single(unchecked: Observable.zip(a.source, b.source))
    }

    /// Succeeds with the values of 3 singles, combined by `resultSelector`; the first failure fails it.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, resultSelector: @escaping @Sendable (A, B, C) throws -> Element
    ) -> Single<Element> {
        Single(unchecked: Observable.zip(a.source, b.source, c.source, resultSelector: resultSelector))
    }

    /// Succeeds with the values of 3 singles as a tuple.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>
    ) -> Single<Element>
    where Element == (A, B, C) {
        Single(unchecked: Observable.zip(a.source, b.source, c.source))
    }

    /// Succeeds with the values of 4 singles, combined by `resultSelector`; the first failure fails it.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>,
        resultSelector: @escaping @Sendable (A, B, C, D) throws -> Element
    ) -> Single<Element> {
        Single(unchecked: Observable.zip(a.source, b.source, c.source, d.source, resultSelector: resultSelector))
    }

    /// Succeeds with the values of 4 singles as a tuple.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>
    ) -> Single<Element>
    where Element == (A, B, C, D) {
        Single(unchecked: Observable.zip(a.source, b.source, c.source, d.source))
    }

    /// Succeeds with the values of 5 singles, combined by `resultSelector`; the first failure fails it.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>,
        resultSelector: @escaping @Sendable (A, B, C, D, E) throws -> Element
    ) -> Single<Element> {
        Single(
            unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, resultSelector: resultSelector))
    }

    /// Succeeds with the values of 5 singles as a tuple.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>
    ) -> Single<Element>
    where Element == (A, B, C, D, E) {
        Single(unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source))
    }

    /// Succeeds with the values of 6 singles, combined by `resultSelector`; the first failure fails it.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>, _ f: Single<F>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F) throws -> Element
    ) -> Single<Element> {
        Single(
            unchecked: Observable.zip(
                a.source, b.source, c.source, d.source, e.source, f.source, resultSelector: resultSelector))
    }

    /// Succeeds with the values of 6 singles as a tuple.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>, _ f: Single<F>
    ) -> Single<Element>
    where Element == (A, B, C, D, E, F) {
        Single(unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, f.source))
    }

    /// Succeeds with the values of 7 singles, combined by `resultSelector`; the first failure fails it.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>, _ f: Single<F>, _ g: Single<G>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G) throws -> Element
    ) -> Single<Element> {
        Single(
            unchecked: Observable.zip(
                a.source, b.source, c.source, d.source, e.source, f.source, g.source, resultSelector: resultSelector))
    }

    /// Succeeds with the values of 7 singles as a tuple.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>, _ f: Single<F>, _ g: Single<G>
    ) -> Single<Element>
    where Element == (A, B, C, D, E, F, G) {
        Single(unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, f.source, g.source))
    }

    /// Succeeds with the values of 8 singles, combined by `resultSelector`; the first failure fails it.
    @inlinable
    public static func zip<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>, _ f: Single<F>, _ g: Single<G>,
        _ h: Single<H>, resultSelector: @escaping @Sendable (A, B, C, D, E, F, G, H) throws -> Element
    ) -> Single<Element> {
        Single(
            unchecked: Observable.zip(
                a.source, b.source, c.source, d.source, e.source, f.source, g.source, h.source,
                resultSelector: resultSelector))
    }

    /// Succeeds with the values of 8 singles as a tuple.
    @inlinable
    public static func zip<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: Single<A>, _ b: Single<B>, _ c: Single<C>, _ d: Single<D>, _ e: Single<E>, _ f: Single<F>, _ g: Single<G>,
        _ h: Single<H>
    ) -> Single<Element>
    where Element == (A, B, C, D, E, F, G, H) {
        Single(
            unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, f.source, g.source, h.source))
    }
}

extension Maybe {
    /// Sends the values of 2 maybes, combined by `resultSelector`, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, resultSelector: @escaping @Sendable (A, B) throws -> Element
    ) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(a.source, b.source, resultSelector: resultSelector))
    }

    /// Sends the values of 2 maybes as a tuple, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable>(_ a: Maybe<A>, _ b: Maybe<B>) -> Maybe<Element>
    where Element == (A, B) {
        Maybe(unchecked: Observable.zip(a.source, b.source))
    }

    /// Sends the values of 3 maybes, combined by `resultSelector`, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, resultSelector: @escaping @Sendable (A, B, C) throws -> Element
    ) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source, resultSelector: resultSelector))
    }

    /// Sends the values of 3 maybes as a tuple, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>
    ) -> Maybe<Element>
    where Element == (A, B, C) {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source))
    }

    /// Sends the values of 4 maybes, combined by `resultSelector`, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>,
        resultSelector: @escaping @Sendable (A, B, C, D) throws -> Element
    ) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source, d.source, resultSelector: resultSelector))
    }

    /// Sends the values of 4 maybes as a tuple, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>
    ) -> Maybe<Element>
    where Element == (A, B, C, D) {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source, d.source))
    }

    /// Sends the values of 5 maybes, combined by `resultSelector`, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>,
        resultSelector: @escaping @Sendable (A, B, C, D, E) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, resultSelector: resultSelector))
    }

    /// Sends the values of 5 maybes as a tuple, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>
    ) -> Maybe<Element>
    where Element == (A, B, C, D, E) {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source))
    }

    /// Sends the values of 6 maybes, combined by `resultSelector`, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>, _ f: Maybe<F>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            unchecked: Observable.zip(
                a.source, b.source, c.source, d.source, e.source, f.source, resultSelector: resultSelector))
    }

    /// Sends the values of 6 maybes as a tuple, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>, _ f: Maybe<F>
    ) -> Maybe<Element>
    where Element == (A, B, C, D, E, F) {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, f.source))
    }

    /// Sends the values of 7 maybes, combined by `resultSelector`, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>, _ f: Maybe<F>, _ g: Maybe<G>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            unchecked: Observable.zip(
                a.source, b.source, c.source, d.source, e.source, f.source, g.source, resultSelector: resultSelector))
    }

    /// Sends the values of 7 maybes as a tuple, or completes empty as soon as one does.
    @inlinable
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>, _ f: Maybe<F>, _ g: Maybe<G>
    ) -> Maybe<Element>
    where Element == (A, B, C, D, E, F, G) {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, f.source, g.source))
    }

    /// Sends the values of 8 maybes, combined by `resultSelector`, or completes empty as soon as one does.
    @inlinable
    public static func zip<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>, _ f: Maybe<F>, _ g: Maybe<G>,
        _ h: Maybe<H>, resultSelector: @escaping @Sendable (A, B, C, D, E, F, G, H) throws -> Element
    ) -> Maybe<Element> {
        Maybe(
            unchecked: Observable.zip(
                a.source, b.source, c.source, d.source, e.source, f.source, g.source, h.source,
                resultSelector: resultSelector))
    }

    /// Sends the values of 8 maybes as a tuple, or completes empty as soon as one does.
    @inlinable
    public static func zip<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable
    >(
        _ a: Maybe<A>, _ b: Maybe<B>, _ c: Maybe<C>, _ d: Maybe<D>, _ e: Maybe<E>, _ f: Maybe<F>, _ g: Maybe<G>,
        _ h: Maybe<H>
    ) -> Maybe<Element>
    where Element == (A, B, C, D, E, F, G, H) {
        Maybe(unchecked: Observable.zip(a.source, b.source, c.source, d.source, e.source, f.source, g.source, h.source))
    }
}

extension Maybe {
    /// Sends the values of any number of maybes, in order, or completes empty as soon as one
    /// does; with none, sends an empty array.
    @inlinable
    public static func zip<Value: Sendable>(_ maybes: [Maybe<Value>]) -> Maybe<Element> where Element == [Value] {
        if maybes.isEmpty { return .just([]) }
        return Maybe(unchecked: Observable.zip(maybes.map(\.source)))
    }
}

extension Completable {
    /// Completes when every one of `completables` has, subscribed to all at once; the first
    /// failure fails it and disposes the others.
    @inlinable
    public static func zip<Completables: Collection>(_ completables: Completables) -> Completable
    where Completables.Element == Completable {
        Completable(unchecked: Observable.merge(completables.map(\.source)))
    }

    /// Completes when every one of `completables` has; see `zip`.
    @inlinable
    public static func zip(_ completables: Completable...) -> Completable { zip(completables) }

    /// RxSwift's older name of `zip`.
    @inlinable
    public static func merge<Completables: Collection>(_ completables: Completables) -> Completable
    where Completables.Element == Completable { zip(completables) }

    /// RxSwift's older name of `zip`.
    @inlinable
    public static func merge(_ completables: Completable...) -> Completable { zip(completables) }

    /// Subscribes to `completables` one after another, each once the one before completed; the
    /// first failure fails it. Any sequence will do; it is read when `concat` is called, and an
    /// empty one completes at once.
    @inlinable
    public static func concat<Completables: Sequence>(_ completables: Completables) -> Completable
    where Completables.Element == Completable {
        Completable(unchecked: Observable.concat(completables.map(\.source)))
    }

    /// Subscribes to `completables` one after another; see `concat`.
    @inlinable
    public static func concat(_ completables: Completable...) -> Completable { concat(completables) }
}
