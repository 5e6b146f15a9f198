/// Collects disposables and disposes them all when the bag is deinitialized or emptied.
///
/// ```swift
/// final class Screen {
///     let bag = DisposeBag()
///     func bind(_ counts: Observable<Int>) {
///         counts.subscribe(onNext: { print($0) }).disposed(by: bag)
///     }
/// }
/// ```
///
/// `@unchecked Sendable`: `state` is only touched under `lock`.
public final class DisposeBag: @unchecked Sendable {
    private let lock = _Lock()
    @exclusivity(unchecked) private var state: (members: [any Disposable], isDisposed: Bool) = ([], false)

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: any Disposable...) {
        self.init(disposing: disposables)
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [any Disposable]) {
        self.init()
        for disposable in disposables { insert(disposable) }
    }

    /// Adds a disposable; if the bag was already emptied with ``dispose()``, disposes it at once.
    public func insert(_ disposable: any Disposable) {
        let keep = lock.withLock { () -> Bool in
            if state.isDisposed { return false }
            state.members.append(disposable)
            return true
        }
        if !keep { disposable.dispose() }
    }

    /// Disposes every member now; later insertions are disposed at once.
    public func dispose() {
        let members = lock.withLock { () -> [any Disposable] in
            state.isDisposed = true
            let members = state.members
            state.members = []
            return members
        }
        for member in members { member.dispose() }
    }

    deinit {
        dispose()
    }
}
