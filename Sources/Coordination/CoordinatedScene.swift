/// A scene a ``Coordinator`` can stack: a value (usually an enum whose cases carry view models)
/// that says which kind of scene it is.
public protocol CoordinatedScene: Sendable {
    /// The kinds of scene, as plain values for the ``NavigationStack``.
    associatedtype Kind: Hashable & Sendable
    /// Which kind of scene this is.
    var kind: Kind { get }
}
