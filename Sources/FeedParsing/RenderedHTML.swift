/// HTML laid out as text for a terminal, as ``HTMLRenderer`` makes it: the text, and the links
/// it numbers.
///
/// ``text`` holds one line per paragraph line, separated by `\n`; control characters the HTML
/// held stay in it as data, for the sanitiser of the terminal that draws it. A line starts with its indentation and markers (`> ` for each
/// quote level, spaces for list levels, then `• ` or `1. ` on an item's first line), so a
/// front end that wraps a line keeps that indentation on its continuation lines.
public struct RenderedHTML: Sendable, Hashable {
    /// The text, lines separated by `\n`; links marked `[1]`, `[2]`, … where their text ends.
    public var text: String
    /// The addresses of the numbered links: the first is `[1]`.
    public var links: [String]

    /// A rendering with the given text and links.
    public init(text: String, links: [String] = []) {
        self.text = text
        self.links = links
    }

    /// ``text`` followed by the list of its links, newsboat style: a blank line, `Links:`, then
    /// one `[N]: address` line per link. Just ``text`` when there are no links.
    public var textWithLinkList: String {
        guard !links.isEmpty else { return text }
        var result = text
        if !result.isEmpty { result += "\n\n" }
        result += "Links:"
        for (index, link) in links.enumerated() {
            result += "\n[\(index + 1)]: \(link)"
        }
        return result
    }
}
