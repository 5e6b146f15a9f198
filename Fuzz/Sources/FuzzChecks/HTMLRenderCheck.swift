import FeedParsing
import Foundation
import TerminalUI

/// The HTML renderer's and sanitiser's promises for one input.
public enum HTMLRenderCheck {
    /// A small cap, so that the fuzzer also reaches the code that cuts the text.
    static let limit = 2_000

    /// Renders `input` (as UTF-8, repaired) with a base address: the text stays within its cap
    /// and, drawn through TerminalUI's sanitiser as the reader draws it, holds no control
    /// character but its line breaks and no terminal escape (the renderer lays text out and
    /// keeps the input's controls as data: the one sanitiser for terminal output is
    /// TerminalUI's); it numbers at most the maximum of links, each an address on one line
    /// without control characters that the text refers to; rendering again gives the same
    /// result; and the HTML reduced by ``HTMLSanitizer`` lays out the same and lists the links
    /// the rendering numbers. Its style runs are in order, none empty or overlapping, inside
    /// the text, and its segments join to the text.
    public static func check(_ input: [UInt8]) {
        let html = String(decoding: input, as: UTF8.self)
        let base = URL(string: "https://example.com/posts/item.html")
        let rendered = HTMLRenderer.render(html, baseURL: base, maximumLength: limit)
        guard rendered.text.unicodeScalars.count <= limit + 1 else {
            violation("\(rendered.text.unicodeScalars.count) scalars over a cap of \(limit)")
        }
        let drawn = TextSanitizer.sanitize(rendered.textWithLinkList, preservingNewlines: true)
        if let bad = firstControl(in: drawn) {
            violation("control character U+\(String(bad.value, radix: 16)) drawn in \(drawn.debugDescription)")
        }
        var runEnd = 0
        for run in rendered.styleRuns {
            guard run.range.lowerBound >= runEnd, !run.range.isEmpty, !run.emphasis.isEmpty else {
                violation("style run \(run) overlaps the one before it or is empty")
            }
            runEnd = run.range.upperBound
        }
        guard runEnd <= rendered.text.unicodeScalars.count,
            rendered.segments.map(\.text).joined() == rendered.text
        else {
            violation("the style runs end at \(runEnd), past the text, or its segments are not the text")
        }
        guard rendered.links.count <= HTMLRenderer.maximumLinkCount else {
            violation("\(rendered.links.count) links numbered")
        }
        for (index, link) in rendered.links.enumerated() {
            guard !link.isEmpty, !link.contains(where: \.isNewline), firstControl(in: link) == nil else {
                violation("link \(index + 1) is \(link.debugDescription)")
            }
            // The last number may be cut off with the text at the cap.
            guard rendered.text.contains("[\(index + 1)]") || rendered.text.hasSuffix("…") else {
                violation("link \(index + 1) is listed but not marked in the text")
            }
        }
        guard HTMLRenderer.render(html, baseURL: base, maximumLength: limit) == rendered else {
            violation("two renderings of the same input differ")
        }
        let sanitized = HTMLSanitizer.sanitize(html, baseURL: base)
        guard HTMLRenderer.render(sanitized.html, maximumLength: limit) == rendered else {
            violation("the sanitised HTML lays out otherwise: \(sanitized.html.debugDescription)")
        }
        guard sanitized.links == HTMLRenderer.render(html, baseURL: base).links else {
            violation("the sanitiser lists other links than the renderer numbers: \(sanitized.links)")
        }
    }

    private static func firstControl(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            let value = scalar.value
            return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }
}
