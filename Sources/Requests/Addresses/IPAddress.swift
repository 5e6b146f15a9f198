/// An IPv4 or IPv6 address, as its bytes in network order.
///
/// ``init(_:)`` reads every form the system's resolver and URL parsers accept for a numeric
/// host, so a check made on the parsed address holds for the address a connection would use:
/// dotted quads, the shortened `a`, `a.b` and `a.b.c` forms, each part in decimal, octal
/// (`0177`) or hexadecimal (`0x7f`), and IPv6 text with `::`, an embedded IPv4 tail, brackets
/// and a zone (`[fe80::1%eth0]`).
///
/// ```swift
/// IPAddress("2130706433")?.description  // "127.0.0.1"
/// IPAddress("::ffff:169.254.169.254")?.scope  // .linkLocal
/// ```
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address's bytes: 4 for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// The address with `bytes`, or `nil` unless there are 4 or 16 of them.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The address written as `text`, or `nil` when `text` is not a numeric address (a host
    /// name, or malformed).
    public init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        if let bytes = text.contains(":") ? Self.parseIPv6(text) : Self.parseIPv4(text) {
            self.bytes = bytes
        } else {
            return nil
        }
    }

    /// Whether this is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address an IPv6 address carries in its last four bytes (IPv4-mapped
    /// `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d` and NAT64 `64:ff9b::a.b.c.d`), else `nil`.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let head = bytes[0..<12]
        let mapped = head.dropLast(2).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        // `::` and `::1` are IPv6's own unspecified and loopback addresses, not IPv4-compatible.
        let compatible = head.allSatisfy { $0 == 0 } && (bytes[12..<15].contains { $0 != 0 } || bytes[15] > 1)
        let nat64 = Array(head) == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        guard mapped || compatible || nat64 else { return nil }
        return IPAddress(bytes: Array(bytes[12..<16]))
    }

    /// The address as text: dotted decimal for IPv4, RFC 5952 form for IPv6.
    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        if let embedded = embeddedIPv4, bytes[10] == 0xFF { return "::ffff:\(embedded)" }
        let groups = stride(from: 0, to: 16, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
        // The longest run of two or more zero groups becomes "::" (the first, on a tie).
        var best = (start: -1, length: 0)
        var index = 0
        while index < groups.count {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < groups.count, groups[end] == 0 { end += 1 }
            if end - index > best.length, end - index >= 2 { best = (index, end - index) }
            index = end
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.start >= 0 else { return hex.joined(separator: ":") }
        let head = hex[0..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }

    // MARK: - Parsing

    /// The inet_aton forms: one to four parts, the last filling the remaining bytes.
    private static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = parseIPv4Part(part) else { return nil }
            values.append(value)
        }
        let leading = values.dropLast()
        guard leading.allSatisfy({ $0 <= 0xFF }), let last = values.last else { return nil }
        let lastBytes = 4 - leading.count
        guard last < (UInt64(1) << (8 * UInt64(lastBytes))) else { return nil }
        var bytes = leading.map { UInt8($0) }
        for shift in stride(from: 8 * (lastBytes - 1), through: 0, by: -8) {
            bytes.append(UInt8((last >> UInt64(shift)) & 0xFF))
        }
        return bytes
    }

    private static func parseIPv4Part(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 32 else { return nil }
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if lower.hasPrefix("0"), lower.count > 1 { return UInt64(lower.dropFirst(), radix: 8) }
        guard lower.allSatisfy(\.isASCII) else { return nil }
        return UInt64(lower, radix: 10)
    }

    private static func parseIPv6(_ text: Substring) -> [UInt8]? {
        var text = text
        var tail: [UInt8] = []
        // An IPv4 tail in dotted decimal: the last two groups.
        if let lastColon = text.lastIndex(of: ":"), text[lastColon...].contains(".") {
            let quad = text[text.index(after: lastColon)...].split(separator: ".", omittingEmptySubsequences: false)
            guard quad.count == 4 else { return nil }
            for part in quad {
                guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let value = UInt8(part) else {
                    return nil
                }
                tail.append(value)
            }
            text = text[...lastColon]
            if text.hasSuffix(":"), !text.hasSuffix("::") { text = text.dropLast() }
        }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt16]? {
            guard !half.isEmpty else { return [] }
            var result: [UInt16] = []
            for group in half.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), group.allSatisfy(\.isHexDigit),
                    let value = UInt16(group, radix: 16)
                else { return nil }
                result.append(value)
            }
            return result
        }
        let wanted = 8 - tail.count / 2
        var all: [UInt16]
        if halves.count == 2 {
            guard let head = groups(halves[0]), let rest = groups(halves[1]), head.count + rest.count < wanted else {
                return nil
            }
            all = head + Array(repeating: 0, count: wanted - head.count - rest.count) + rest
        } else {
            guard let only = groups(halves[0]), only.count == wanted else { return nil }
            all = only
        }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + tail
    }
}
