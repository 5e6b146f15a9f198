import Foundation

/// Hands `XMLParser` only valid UTF-8: Foundation's XML parser on Linux traps on names that
/// are not valid UTF-8, so documents are transcoded here first.
///
/// UTF-8 with invalid sequences is repaired (each becomes U+FFFD); ISO-8859-1, Windows-1252
/// and ASCII documents are transcoded and their declaration rewritten to say UTF-8; any other
/// declared encoding is accepted only when the bytes are valid UTF-8 anyway.
enum _XMLEncoding {
    static func utf8(_ data: Data) throws(FeedParsingError) -> Data {
        let bytes = [UInt8](data)
        let declared = declaredEncoding(bytes)
        let name = declared?.name.lowercased()
        switch name {
        case nil, "utf-8", "utf8", "us-ascii", "ascii":
            if String(validating: bytes, as: UTF8.self) != nil { return data }
            return rewriting(declared, in: Array(String(decoding: bytes, as: UTF8.self).utf8))
        case "iso-8859-1", "latin1", "latin-1", "iso_8859-1", "iso-8859-15", "windows-1252", "cp1252":
            var text = String.UnicodeScalarView()
            for byte in bytes {
                text.append(windows1252[byte] ?? Unicode.Scalar(byte))
            }
            return rewriting(declared, in: Array(String(text).utf8))
        default:
            if String(validating: bytes, as: UTF8.self) != nil { return rewriting(declared, in: bytes) }
            throw .notAFeed("an XML document in an unsupported character encoding")
        }
    }

    /// The value of `encoding="..."` in the XML declaration and where it sits.
    private static func declaredEncoding(_ bytes: [UInt8]) -> (name: String, range: Range<Int>)? {
        let head = bytes.prefix(256)
        guard let start = find(Array("<?xml".utf8), in: head, from: 0),
            let end = find(Array("?>".utf8), in: head, from: start),
            let key = find(Array("encoding".utf8), in: head, from: start), key < end
        else { return nil }
        var index = key + 8
        while index < end, head[index] == 0x20 || head[index] == UInt8(ascii: "=") { index += 1 }
        guard index < end, head[index] == UInt8(ascii: "\"") || head[index] == UInt8(ascii: "'") else { return nil }
        let quote = head[index]
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < end, head[valueEnd] != quote { valueEnd += 1 }
        guard valueEnd < end else { return nil }
        return (String(decoding: head[valueStart..<valueEnd], as: UTF8.self), valueStart..<valueEnd)
    }

    /// `bytes` (already transcoded) with the declared encoding replaced by `UTF-8`. The
    /// declaration is looked up again in `bytes`: behind bytes that transcoding changed (a
    /// misplaced declaration) it has moved, and writing at its old place would cut a character.
    private static func rewriting(_ declared: (name: String, range: Range<Int>)?, in bytes: [UInt8]) -> Data {
        var bytes = bytes
        if declared != nil, let range = declaredEncoding(bytes)?.range {
            bytes.replaceSubrange(range, with: Array("UTF-8".utf8))
        }
        return Data(bytes)
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = max(start, haystack.startIndex)
        while index <= haystack.endIndex - needle.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Windows-1252's printable characters in 0x80...0x9F; the rest of the range is Latin-1.
    private static let windows1252: [UInt8: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]
}
