/// The environment a ``RemoteService`` runs in, which picks its base URL
/// (``ServiceBaseURL/perEnvironment(_:)``).
///
/// The common environments are predefined; an app names any other with ``init(rawValue:)``:
///
/// ```swift
/// extension ServiceEnvironment { static let staging = ServiceEnvironment(rawValue: "staging") }
/// ```
public struct ServiceEnvironment: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The environment's name.
    public let rawValue: String

    /// An environment with the given name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The real servers.
    public static let production = ServiceEnvironment(rawValue: "production")
    /// The servers people develop against.
    public static let development = ServiceEnvironment(rawValue: "development")
    /// No real server: canned responses or a local stand-in.
    public static let fake = ServiceEnvironment(rawValue: "fake")

    /// The environment's name.
    public var description: String { rawValue }
}
