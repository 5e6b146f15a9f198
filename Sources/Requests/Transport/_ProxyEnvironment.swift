import Foundation

/// The proxies the environment names, read as libcurl reads them: `http_proxy` (lower case
/// only) for `http:`, `https_proxy` or `HTTPS_PROXY` for `https:`, `all_proxy` or `ALL_PROXY`
/// for both, and `no_proxy` or `NO_PROXY` listing the hosts that go direct, separated by commas
/// or spaces (`*` for all; a name covers its subdomains; an address with a prefix length, such
/// as `10.0.0.0/8`, covers the numeric hosts in that range). The transfer sets the proxy it
/// chose itself and keeps libcurl from reading these variables again, so it knows whether a
/// connection goes to the proxy or to the server.
struct _ProxyEnvironment: Sendable {
    /// How a request to one address goes.
    enum Route: Equatable {
        /// Straight to the server.
        case direct
        /// Through the proxy at this address.
        case proxy(URL)
        /// The variable that names a proxy for the address holds no address a proxy can have:
        /// the request goes nowhere rather than around the proxy.
        case unusable(variable: String)
    }

    private let variables: [String: String]

    /// The proxies named by `variables` (the process's environment by default).
    init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    private func value(_ names: [String]) -> (name: String, value: String)? {
        for name in names {
            if let value = variables[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                return (name, value)
            }
        }
        return nil
    }

    /// How a request to `url` goes.
    func route(for url: URL) -> Route {
        let names =
            url.scheme?.lowercased() == "https"
            ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
        guard let named = value(names), !bypasses(url.host ?? "") else { return .direct }
        guard let proxy = Self.proxyAddress(named.value) else { return .unusable(variable: named.name) }
        return .proxy(proxy)
    }

    /// `text` as a proxy's address (`http://` when it names no scheme), or `nil` unless it has a
    /// scheme libcurl speaks to proxies, a host of letters, digits, dots, hyphens (or an IPv6
    /// address) and a port from 1 to 65535 if any. A SOCKS proxy is asked to resolve the
    /// server's name itself (`socks5` is read as `socks5h`, `socks4` as `socks4a`), as an HTTP
    /// proxy does: the address policy judges the connection this process makes, which is to the
    /// proxy, and a name resolved here would reach the server unjudged.
    static func proxyAddress(_ text: String) -> URL? {
        let schemes = [
            "http": "http", "https": "https", "socks4": "socks4a", "socks4a": "socks4a", "socks5": "socks5h",
            "socks5h": "socks5h",
        ]
        guard var components = URLComponents(string: text.contains("://") ? text : "http://" + text),
            let scheme = components.scheme.flatMap({ schemes[$0.lowercased()] }),
            let host = components.host, !host.isEmpty
        else { return nil }
        guard host.allSatisfy(nameCharacters.contains) || IPAddress(host) != nil else { return nil }
        if let port = components.port, !(1...65535).contains(port) { return nil }
        components.scheme = scheme
        return components.url
    }

    private static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")

    /// Whether `no_proxy` sends `host` direct: `*` alone sends every host; a name, its
    /// subdomains (a leading dot changes nothing, a trailing one is ignored on both sides); an
    /// address, that address only; an address with a prefix length, the addresses in that range.
    private func bypasses(_ host: String) -> Bool {
        guard let list = value(["no_proxy", "NO_PROXY"])?.value else { return false }
        if list == "*" { return true }
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        let numeric = IPAddress(name)
        for entry in list.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
            var pattern = entry.lowercased()
            if pattern.hasPrefix("[") { pattern = String(pattern.dropFirst().prefix { $0 != "]" }) }
            if let numeric {
                if let (network, length) = Self.range(pattern), numeric.isWithin(network, prefixLength: length) {
                    return true
                }
                if IPAddress(pattern) == numeric { return true }
                continue
            }
            while pattern.hasPrefix(".") { pattern.removeFirst() }
            while pattern.hasSuffix(".") { pattern.removeLast() }
            if pattern.isEmpty { continue }
            if name == pattern || name.hasSuffix("." + pattern) { return true }
        }
        return false
    }

    /// `pattern` as a range of addresses: `ADDRESS/LENGTH`, or `nil`.
    private static func range(_ pattern: String) -> (IPAddress, Int)? {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let network = IPAddress(String(parts[0])), let length = Int(parts[1]),
            (0...network.bytes.count * 8).contains(length)
        else { return nil }
        return (network, length)
    }
}

extension IPAddress {
    /// Whether the first `prefixLength` bits of this address are those of `network` (of the
    /// same family).
    fileprivate func isWithin(_ network: IPAddress, prefixLength: Int) -> Bool {
        guard bytes.count == network.bytes.count else { return false }
        for bit in 0..<prefixLength {
            let mask = UInt8(0x80) >> (bit % 8)
            if bytes[bit / 8] & mask != network.bytes[bit / 8] & mask { return false }
        }
        return true
    }
}
