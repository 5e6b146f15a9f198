import Foundation

/// Hands `XMLParser` only valid UTF-8: Foundation's XML parser on Linux traps on names that
/// are not valid UTF-8, so documents are transcoded here first.
///
/// The encoding is taken, in this order, from a byte order mark, the XML declaration, the
/// charset the document was served with, and otherwise guessed: UTF-8 when the bytes are valid
/// UTF-8, else Windows-1252 (which reads Latin-1 too). UTF-16 and UTF-32 are recognized without
/// a mark from how `<` is written. The result has no byte order mark and its declaration, if
/// any, says UTF-8. A document that declares UTF-8 but breaks it is repaired (each invalid
/// sequence becomes U+FFFD) rather than reread as Windows-1252, to keep its valid characters.
enum _XMLEncoding {
    static func utf8(_ data: Data, charset: String? = nil) throws(FeedParsingError) -> Data {
        let bytes = [UInt8](data)
        if let (encoding, markLength) = byteOrderMark(bytes) ?? unmarkedWideEncoding(bytes) {
            if encoding == .utf8 { return try utf8(Data(bytes.dropFirst(markLength)), charset: nil) }
            guard let text = String(data: Data(bytes.dropFirst(markLength)), encoding: encoding) else {
                throw .notAFeed("an XML document that is not valid \(encoding.description)")
            }
            return rewriting(declaredEncoding(Array(text.utf8)), in: Array(text.utf8))
        }
        let declared = declaredEncoding(bytes)
        for name in [declared?.name, charset].compactMap({ $0 }) {
            if let transcoded = transcode(bytes, from: name) { return rewriting(declared, in: transcoded) }
        }
        if String(validating: bytes, as: UTF8.self) != nil { return rewriting(declared, in: bytes) }
        return rewriting(declared, in: windows1252(bytes))
    }

    /// `bytes` in UTF-8, read as the encoding called `name`; `nil` when the name is unknown
    /// or the bytes are not valid in it.
    private static func transcode(_ bytes: [UInt8], from name: String) -> [UInt8]? {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        switch name {
        case "utf-8", "utf8", "us-ascii", "ascii", "":
            if String(validating: bytes, as: UTF8.self) != nil { return bytes }
            // Declared UTF-8 with a few broken bytes: keep the valid characters.
            return name.hasPrefix("utf") ? Array(String(decoding: bytes, as: UTF8.self).utf8) : nil
        case "iso-8859-1", "latin1", "latin-1", "iso_8859-1", "iso8859-1", "l1", "iso-8859-15", "windows-1252",
            "cp1252",
            "x-cp1252":
            return windows1252(bytes)
        case "utf-16", "utf-32", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "ucs-2", "ucs-4":
            // A wide encoding declared in bytes that read as ASCII: the declaration is wrong.
            return nil
        default:
            guard let encoding = foundationEncoding(name),
                let text = String(data: Data(bytes), encoding: encoding)
            else { return nil }
            return Array(text.utf8)
        }
    }

    /// The encoding Foundation can decode for an IANA charset name, including the Chinese,
    /// Korean and Cyrillic ones that `String.Encoding(ianaName:)` does not know on Linux.
    private static func foundationEncoding(_ name: String) -> String.Encoding? {
        // CoreFoundation's numbers for these encodings, which Foundation accepts with the top bit set.
        let coreFoundationNumbers: [String: UInt] = [
            "gb2312": 0x0632, "gbk": 0x0632, "gb18030": 0x0632, "x-gbk": 0x0632, "cp936": 0x0632,
            "euc-cn": 0x0632, "big5": 0x0A03, "euc-kr": 0x0940, "koi8-r": 0x0A02, "koi8-u": 0x0A08,
        ]
        if let number = coreFoundationNumbers[name] { return String.Encoding(rawValue: 0x8000_0000 | number) }
        return String.Encoding(ianaName: name)
    }

    /// The encoding a byte order mark names, and the mark's length.
    private static func byteOrderMark(_ bytes: [UInt8]) -> (String.Encoding, Int)? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        return nil
    }

    /// UTF-16 or UTF-32 without a mark, recognized from the first `<` (after any spaces).
    private static func unmarkedWideEncoding(_ bytes: [UInt8]) -> (String.Encoding, Int)? {
        let head = Array(bytes.prefix(4))
        guard head.count == 4 else { return nil }
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0x00, let byte) where byte != 0: return (.utf32BigEndian, 0)
        case (let byte, 0x00, 0x00, 0x00) where byte != 0: return (.utf32LittleEndian, 0)
        case (0x00, let first, 0x00, let second) where first != 0 && second != 0: return (.utf16BigEndian, 0)
        case (let first, 0x00, let second, 0x00) where first != 0 && second != 0: return (.utf16LittleEndian, 0)
        default: return nil
        }
    }

    /// `bytes` read as Windows-1252, whose undefined bytes are read as Latin-1.
    private static func windows1252(_ bytes: [UInt8]) -> [UInt8] {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            text.append(windows1252Scalars[byte] ?? Unicode.Scalar(byte))
        }
        return Array(String(text).utf8)
    }

    /// The value of `encoding="..."` in the XML declaration and where it sits.
    ///
    /// A declaration that is not closed by `?>` counts up to the first `>` or `<` outside
    /// quotes: `XMLParser` reads the encoding of a broken declaration too, switches to it, and
    /// on Linux then traps (an unknown or wide encoding named before the declaration breaks,
    /// as in `<?xml version="1.0" encoding="utf-7"x<rss>`), so its name must be rewritten too.
    private static func declaredEncoding(_ bytes: [UInt8]) -> (name: String, range: Range<Int>)? {
        guard let start = find(Array("<?xml".utf8), in: bytes.prefix(256), from: 0) else { return nil }
        let end = declarationEnd(in: bytes, after: start + 5)
        guard let key = find(Array("encoding".utf8), in: bytes[..<end], from: start) else { return nil }
        var index = key + 8
        while index < end, isBlank(bytes[index]) || bytes[index] == UInt8(ascii: "=") { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < end, bytes[valueEnd] != quote { valueEnd += 1 }
        guard valueEnd < end else { return nil }
        return (String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self), valueStart..<valueEnd)
    }

    /// The index of the `>` or `<` that ends the declaration whose pseudo-attributes start at
    /// `index` (the first outside quotes), or the end of `bytes`.
    private static func declarationEnd(in bytes: [UInt8], after index: Int) -> Int {
        var quote: UInt8?
        var index = index
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                return index
            }
            index += 1
        }
        return bytes.count
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
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
    private static let windows1252Scalars: [UInt8: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]
}
