internal import CSQLite

/// SQL functions every connection of the provider has, beside SQLite's own.
///
/// - `contains_ignoring_case(text, part)`: 1 when `part` occurs in `text` with its letters in
///   any case, else 0; `NULL` when either is `NULL`. SQLite's own `lower`, `LIKE` and `NOCASE`
///   fold the ASCII letters only, so "über" would not find "Über". Letters are folded by
///   Unicode's lowercase mapping, and characters compared as Swift compares them (an accented
///   letter written as one code point or as two is the same letter). Text that is all ASCII is
///   compared byte by byte, without copying it.
enum TextFunctions {
    /// Adds the functions to the connection `handle`.
    static func register(on handle: OpaquePointer) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        sqlite3_create_function_v2(handle, "contains_ignoring_case", 2, flags, nil, containsIgnoringCase, nil, nil, nil)
    }

    /// Whether `part` occurs in `text`, ignoring the case of letters.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !part.isEmpty else { return true }
        if text.allSatisfy({ $0 < 0x80 }) && part.allSatisfy({ $0 < 0x80 }) {
            return asciiContains(text, part)
        }
        let folded = String(decoding: text, as: UTF8.self).lowercased()
        return folded.contains(String(decoding: part, as: UTF8.self).lowercased())
    }

    private static func asciiContains(_ text: UnsafeBufferPointer<UInt8>, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard part.count <= text.count else { return false }
        func folded(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte | 0x20 : byte }
        let first = folded(part[0])
        for start in 0...(text.count - part.count) where folded(text[start]) == first {
            var index = 1
            while index < part.count && folded(text[start + index]) == folded(part[index]) { index += 1 }
            if index == part.count { return true }
        }
        return false
    }
}

private func containsIgnoringCase(
    _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let values, count == 2, let text = values[0], let part = values[1],
        sqlite3_value_type(text) != SQLITE_NULL, sqlite3_value_type(part) != SQLITE_NULL
    else {
        sqlite3_result_null(context)
        return
    }
    // The text first, then its length, as SQLite asks.
    let textBytes = UnsafeBufferPointer(start: sqlite3_value_text(text), count: Int(sqlite3_value_bytes(text)))
    let partBytes = UnsafeBufferPointer(start: sqlite3_value_text(part), count: Int(sqlite3_value_bytes(part)))
    sqlite3_result_int(context, TextFunctions.contains(textBytes, partBytes) ? 1 : 0)
}
