/// Which addresses a request may reach: checked on the addresses a host name resolves to,
/// before connecting and again on every redirect.
///
/// The standard policy never fetches a link-local address (`169.254.0.0/16`, the cloud
/// metadata service's range, and `fe80::/10`), the unspecified address, or a multicast,
/// broadcast or reserved one. It fetches any other address a person names themselves, a server on
/// `localhost` or on their own network included, since that is their choice; but a redirect
/// never leads from a public address to a loopback, private or unique-local one, so a server on
/// the internet cannot send the client to a device on the person's network.
///
/// ```swift
/// let policy = AddressPolicy.standard
/// policy.refusal(of: IPAddress("10.0.0.1")!, host: "router", on: .redirect(from: .public))
/// // an AddressRefusal: "a redirect from a public address to 10.0.0.1 …"
/// ```
public struct AddressPolicy: Sendable, Hashable {
    /// How the request came to an address.
    public enum Hop: Sendable, Hashable {
        /// The address the request was made for (a person typed it, or the program named it).
        case requested
        /// A redirect from an address of scope `from` (the most public one, when the previous
        /// host had several addresses).
        case redirect(from: IPAddress.Scope)
    }

    /// Whether the policy refuses anything at all.
    public let isEnforced: Bool

    /// The policy described above.
    public static let standard = AddressPolicy(isEnforced: true)

    /// No checks: every address may be reached, by any redirect. For programs that talk only to
    /// hosts they trust.
    public static let unrestricted = AddressPolicy(isEnforced: false)

    /// Why `address` (one of the addresses of `host`) may not be reached on `hop`, or `nil`
    /// when it may.
    public func refusal(of address: IPAddress, host: String, on hop: Hop) -> AddressRefusal? {
        guard isEnforced else { return nil }
        let scope = address.scope
        switch scope {
        case .linkLocal, .unspecified, .notUnicast:
            return AddressRefusal(host: host, address: address, rule: .neverFetched(scope))
        case .loopback, .privateNetwork, .uniqueLocal, .public:
            break
        }
        if case .redirect(let from) = hop, from == .public, scope.isLocal {
            return AddressRefusal(host: host, address: address, rule: .redirectFromPublic(to: scope))
        }
        return nil
    }

    /// The first refusal among `addresses` of `host`, or `nil` when all may be reached.
    public func refusal(of addresses: [IPAddress], host: String, on hop: Hop) -> AddressRefusal? {
        for address in addresses {
            if let refusal = refusal(of: address, host: host, on: hop) { return refusal }
        }
        return nil
    }

    /// The scope a redirect from `addresses` comes from: public if any of them is.
    public static func origin(of addresses: [IPAddress]) -> IPAddress.Scope {
        let scopes = addresses.map(\.scope)
        if scopes.contains(.public) { return .public }
        return scopes.first ?? .public
    }
}

/// An address the ``AddressPolicy`` refused, and why.
public struct AddressRefusal: Sendable, Hashable, CustomStringConvertible {
    /// The rule that refused it.
    public enum Rule: Sendable, Hashable {
        /// An address of this scope is never fetched.
        case neverFetched(IPAddress.Scope)
        /// A redirect from a public address may not lead to this local scope.
        case redirectFromPublic(to: IPAddress.Scope)
    }

    /// The host as the URL named it (a name, or the address itself).
    public let host: String
    /// The address refused.
    public let address: IPAddress
    /// Why.
    public let rule: Rule

    /// A refusal of `address` of `host` by `rule`.
    public init(host: String, address: IPAddress, rule: Rule) {
        self.host = host
        self.address = address
        self.rule = rule
    }

    /// A sentence naming the address: "refused to connect to 169.254.169.254, a link-local
    /// address …, which is never fetched".
    public var description: String {
        let bare = host.trimmingPrefix("[").split(separator: "]").first.map(String.init) ?? host
        let named = bare.lowercased() == address.description ? "\(address)" : "\(host) (\(address))"
        switch rule {
        case .neverFetched(let scope):
            return "refused to connect to \(named): it is \(scope), which is never fetched"
        case .redirectFromPublic(let scope):
            return "refused a redirect from a public address to \(named), \(scope); "
                + "a server on the internet may not send the reader into this machine or your network"
        }
    }
}
