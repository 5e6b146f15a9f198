extension IPAddress {
    /// Where an address leads, as far as the ``AddressPolicy`` is concerned.
    public enum Scope: Sendable, Hashable, CustomStringConvertible {
        /// `0.0.0.0/8` and `::`: no single machine (a connection there reaches this one).
        case unspecified
        /// `127.0.0.0/8` and `::1`: this machine.
        case loopback
        /// `169.254.0.0/16` (with the cloud metadata address) and `fe80::/10`.
        case linkLocal
        /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` and the carrier-grade NAT range
        /// `100.64.0.0/10`: a network of one's own.
        case privateNetwork
        /// `fc00::/7` (and the old site-local `fec0::/10`): IPv6's private networks.
        case uniqueLocal
        /// Multicast, broadcast and the reserved `240.0.0.0/4`: never one web server.
        case notUnicast
        /// Everything else: the internet.
        case `public`

        /// Whether the scope is this machine or a network of one's own.
        public var isLocal: Bool {
            switch self {
            case .loopback, .privateNetwork, .uniqueLocal: true
            case .unspecified, .linkLocal, .notUnicast, .public: false
            }
        }

        /// The scope in words, for messages: "a link-local address".
        public var description: String {
            switch self {
            case .unspecified: "the unspecified address"
            case .loopback: "a loopback address (this machine)"
            case .linkLocal: "a link-local address (such as the cloud metadata service)"
            case .privateNetwork: "a private network address"
            case .uniqueLocal: "a unique-local (private) IPv6 address"
            case .notUnicast: "a multicast, broadcast or reserved address"
            case .public: "a public address"
            }
        }
    }

    /// Where the address leads; an IPv6 address that carries an IPv4 one has that one's scope.
    public var scope: Scope {
        if let embedded = embeddedIPv4 { return embedded.scope }
        return isIPv4 ? Self.scopeOfIPv4(bytes) : Self.scopeOfIPv6(bytes)
    }

    private static func scopeOfIPv4(_ bytes: [UInt8]) -> Scope {
        let (first, second) = (bytes[0], bytes[1])
        switch first {
        case 0: return .unspecified
        case 127: return .loopback
        case 10: return .privateNetwork
        case 100 where (64...127).contains(second): return .privateNetwork
        case 169 where second == 254: return .linkLocal
        case 172 where (16...31).contains(second): return .privateNetwork
        case 192 where second == 168: return .privateNetwork
        case 224...255: return .notUnicast
        default: return .public
        }
    }

    private static func scopeOfIPv6(_ bytes: [UInt8]) -> Scope {
        if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
        if bytes.dropLast().allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        switch bytes[0] {
        case 0xFE where bytes[1] & 0xC0 == 0x80: return .linkLocal
        case 0xFE where bytes[1] & 0xC0 == 0xC0: return .uniqueLocal
        case 0xFC, 0xFD: return .uniqueLocal
        case 0xFF: return .notUnicast
        default: return .public
        }
    }
}
