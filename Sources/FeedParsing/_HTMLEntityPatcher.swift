import Foundation

/// Rewrites HTML named references that XML does not declare (`&nbsp;`, `&eacute;`...) as
/// numeric references, so a feed that uses them, as many do, still parses as XML.
enum _HTMLEntityPatcher {
    private static let xmlPredefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    static func patch(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        var copiedUpTo = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 10, isNameByte(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 else {
                index += 1
                continue
            }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            guard !xmlPredefined.contains(name), let value = HTMLText.namedReferences[name] else {
                index = end + 1
                continue
            }
            if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
            output.append(contentsOf: bytes[copiedUpTo..<index])
            for scalar in value.unicodeScalars {
                output.append(contentsOf: Array("&#\(scalar.value);".utf8))
            }
            index = end + 1
            copiedUpTo = index
        }
        guard copiedUpTo > 0 else { return data }
        output.append(contentsOf: bytes[copiedUpTo...])
        return Data(output)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
