internal import CSQLite
import Foundation

/// SQL functions every connection of the provider has, beside SQLite's own.
///
/// - `contains_ignoring_case(text, part)`: 1 when `part` occurs in `text` with its letters in
///   any case, else 0; `NULL` when either is `NULL`. SQLite's own `lower`, `LIKE` and `NOCASE`
///   fold the ASCII letters only, so "über" would not find "Über". Both are case-folded as
///   Unicode folds them ("ß" as "ss", a final "ς" as "σ") and decomposed (a letter and its accent
///   written apart are the letter written as one code point), then compared code point by code
///   point, so a part may end inside a cluster: before a vowel sign, an accent or a skin tone.
///   Text that is all ASCII is compared byte by byte, without copying it.
enum TextFunctions {
    /// Adds the functions to the connection `handle`.
    static func register(on handle: OpaquePointer) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        sqlite3_create_function_v2(handle, "contains_ignoring_case", 2, flags, nil, containsIgnoringCase, nil, nil, nil)
    }

    /// Whether `part` occurs in `text`, ignoring the case of letters.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !part.isEmpty else { return true }
        if text.allSatisfy({ $0 < 0x80 }) && part.allSatisfy({ $0 < 0x80 }) { return bytes(text, contain: part) }
        let folded = Array(fold(String(decoding: text, as: UTF8.self)).utf8)
        let foldedPart = Array(fold(String(decoding: part, as: UTF8.self)).utf8)
        return folded.withUnsafeBufferPointer { text in
            foldedPart.withUnsafeBufferPointer { part in bytes(text, contain: part) }
        }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: .caseInsensitive, locale: nil).decomposedStringWithCanonicalMapping
    }

    /// Whether the UTF-8 `part` occurs in `text`, ASCII letters folded: UTF-8 is
    /// self-synchronising, so a match of bytes is a match of code points.
    private static func bytes(_ text: UnsafeBufferPointer<UInt8>, contain part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !part.isEmpty else { return true }
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
