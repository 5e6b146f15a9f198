import Foundation

/// Prepares bytes for Foundation's `XMLParser`, working around what makes it fail or trap on
/// Linux: invalid UTF-8 (see ``_XMLEncoding``), undeclared HTML entities (see
/// ``_HTMLEntityPatcher``) and processing instructions without data (`<?x?>`), on which it
/// dereferences a null pointer. Whatever comes before the first `<` (blank lines, spaces,
/// stray text) is dropped too: it makes an XML declaration illegal, and it means nothing.
enum _XMLPreflight {
    /// The prepared bytes, and how many lines were dropped before the first `<` (to report
    /// errors at the line of the original document).
    static func prepare(
        _ data: Data, charset: String? = nil
    ) throws(FeedParsingError) -> (data: Data, droppedLines: Int) {
        let utf8 = try _XMLEncoding.utf8(data, charset: charset)
        let markup = utf8.firstIndex(of: UInt8(ascii: "<")) ?? utf8.endIndex
        let droppedLines = utf8[utf8.startIndex..<markup].count { $0 == 0x0A }
        let trimmed = markup == utf8.startIndex ? utf8 : Data(utf8[markup...])
        try checkAttributeCounts(trimmed)
        return (_HTMLEntityPatcher.patch(padEmptyProcessingInstructions(trimmed)), droppedLines)
    }

    /// The most attributes one element may have. Real feeds use a handful; `XMLParser`
    /// compares each attribute with every one before it, so 200,000 of them took 40 seconds.
    static let maximumAttributes = 1024

    /// Refuses a document with an element that has more than ``maximumAttributes`` attributes,
    /// in one pass over the bytes (counting the `=` of each start tag outside quotes).
    static func checkAttributeCounts(_ data: Data) throws(FeedParsingError) {
        var tooMany = false
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index + 1 < bytes.count {
                guard bytes[index] == UInt8(ascii: "<"), isNameStart(bytes[index + 1]) else {
                    index += 1
                    continue
                }
                var attributes = 0
                var quote: UInt8?
                index += 2
                scan: while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    switch (quote, byte) {
                    case (nil, UInt8(ascii: ">")): break scan
                    case (nil, UInt8(ascii: "\"")), (nil, UInt8(ascii: "'")): quote = byte
                    case (nil, UInt8(ascii: "=")):
                        attributes += 1
                        if attributes > maximumAttributes {
                            tooMany = true
                            return
                        }
                    case (let open?, _) where byte == open: quote = nil
                    default: break
                    }
                }
            }
        }
        if tooMany { throw .notAFeed("an element with more than \(maximumAttributes) attributes") }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Rewrites `<?name?>` as `<?name ?>`, which means the same.
    static func padEmptyProcessingInstructions(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        var copiedUpTo = 0
        var index = 0
        let stops: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: "<"), UInt8(ascii: ">")]
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, !stops.contains(bytes[end]) { end += 1 }
            if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                output.append(contentsOf: bytes[copiedUpTo..<end])
                output.append(0x20)
                copiedUpTo = end
            }
            index = end
        }
        guard copiedUpTo > 0 else { return data }
        output.append(contentsOf: bytes[copiedUpTo...])
        return Data(output)
    }
}
