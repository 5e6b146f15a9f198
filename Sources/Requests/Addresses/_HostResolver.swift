#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Looks up the addresses of a host with the system's resolver (`getaddrinfo`), the one the
/// transfer itself uses, so the ``AddressPolicy`` judges the addresses a connection would reach.
enum _HostResolver {
    /// Why a host has no address.
    enum Failure: Error, Equatable {
        /// The name does not exist, or has no address.
        case notFound(String)
        /// The resolver failed (no DNS server answered, out of memory).
        case failed(String)
    }

    /// The addresses of `host` (a name, or an address in any numeric form), without duplicates.
    static func addresses(of host: String) -> Result<[IPAddress], Failure> {
        var name = Substring(host)
        if name.hasPrefix("["), name.hasSuffix("]") { name = name.dropFirst().dropLast() }
        if let literal = IPAddress(String(name)) { return .success([literal]) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(String(name), nil, &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0 else {
            if status == EAI_NONAME || status == EAI_FAIL {
                return .failure(.notFound(host))
            }
            return .failure(.failed(String(cString: gai_strerror(status))))
        }
        var found: [IPAddress] = []
        var entry = list
        while let current = entry?.pointee {
            if let address = current.ai_addr, let parsed = Self.address(of: address) {
                if !found.contains(parsed) { found.append(parsed) }
            }
            entry = current.ai_next
        }
        return found.isEmpty ? .failure(.notFound(host)) : .success(found)
    }

    private static func address(of socketAddress: UnsafeMutablePointer<sockaddr>) -> IPAddress? {
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { IPAddress(bytes: Array($0)) }
            }
        case AF_INET6:
            return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { IPAddress(bytes: Array($0)) }
            }
        default:
            return nil
        }
    }
}
