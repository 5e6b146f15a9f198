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
        return (_HTMLEntityPatcher.patch(padEmptyProcessingInstructions(trimmed)), droppedLines)
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
