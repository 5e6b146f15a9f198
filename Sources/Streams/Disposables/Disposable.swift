/// A handle that releases a subscription or other resource.
///
/// `dispose()` is idempotent and may be called from any thread. Once it returns, the
/// subscription starts no new delivery to its observer.
public protocol Disposable: Sendable {
    /// Releases the resource. Calling it again does nothing.
    func dispose()
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is released or emptied.
    @inlinable
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
