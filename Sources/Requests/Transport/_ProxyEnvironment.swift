import Foundation

/// The proxies the environment names, read as libcurl reads them: `http_proxy` (lower case
/// only) for `http:`, `https_proxy` or `HTTPS_PROXY` for `https:`, `all_proxy` or `ALL_PROXY`
/// for both, and `no_proxy` or `NO_PROXY` listing the hosts that go direct (`*` for all; a name
/// covers its subdomains). The transfer sets the proxy it chose itself, so it knows whether a
/// connection goes to the proxy or to the server.
struct _ProxyEnvironment: Sendable {
    private let variables: [String: String]

    /// The proxies named by `variables` (the process's environment by default).
    init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    private func value(_ names: String...) -> String? {
        for name in names {
            if let value = variables[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return nil
    }

    /// The proxy for `url`, or `nil` when it goes direct.
    func proxy(for url: URL) -> URL? {
        let scheme = url.scheme?.lowercased()
        let named =
            scheme == "https"
            ? value("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
            : value("http_proxy", "all_proxy", "ALL_PROXY")
        guard let named, !bypasses(url.host ?? "") else { return nil }
        return URL(string: named.contains("://") ? named : "http://" + named)
    }

    /// Whether `no_proxy` sends `host` direct.
    private func bypasses(_ host: String) -> Bool {
        guard let list = value("no_proxy", "NO_PROXY") else { return false }
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        for entry in list.split(separator: ",") {
            var pattern = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if pattern == "*" { return true }
            if pattern.hasPrefix("[") { pattern = String(pattern.dropFirst().prefix { $0 != "]" }) }
            while pattern.hasPrefix(".") { pattern.removeFirst() }
            if pattern.isEmpty { continue }
            if name == pattern || name.hasSuffix("." + pattern) { return true }
        }
        return false
    }
}
