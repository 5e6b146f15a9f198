import Domain
import FeedParsing
import TerminalUI
import ViewModels

extension FeedItemDetail {
    /// The text the terminal reader shows, laid out now rather than when it was stored: HTML
    /// with its structure kept, bold, italic, headings and code in their own looks, and its
    /// links numbered where their text ends and listed at the end, newsboat style; plain text
    /// as it is written. Control characters stay in it for the reader to sanitise where it
    /// draws the text. The item's enclosures follow, each with its number among the links.
    func readerText(accent: Color) -> StyledText {
        var body = StyledText()
        switch textType {
        case .html:
            let rendered = HTMLRenderer.render(text)
            for segment in rendered.segments {
                body.append(
                    segment.text, style: Self.style(of: segment.emphasis, accent: accent),
                    wraps: !segment.emphasis.contains(.preformatted))
            }
            body.append(rendered.linkList)
        case .text: body.append(text)
        }
        guard !enclosures.isEmpty else { return body }
        body.append((body.isEmpty ? "" : "\n\n") + "Enclosures:\n" + enclosureLines.joined(separator: "\n"))
        return body
    }

    /// How the reader draws text of `emphasis`: bold bold, italic italic, headings bold in the
    /// accent colour, code and preformatted text in green. Colours go where `NO_COLOR` asks
    /// (the renderer drops them), the attributes stay.
    static func style(of emphasis: RenderedHTML.Emphasis, accent: Color) -> Style {
        var style = Style()
        if emphasis.contains(.strong) { style.attributes.insert(.bold) }
        if emphasis.contains(.italic) { style.attributes.insert(.italic) }
        if emphasis.contains(.heading) {
            style.attributes.insert(.bold)
            style.foreground = accent
        } else if !emphasis.isDisjoint(with: [.code, .preformatted]) {
            style.foreground = codeColor
        }
        return style
    }

    /// The colour of code in the reader.
    static let codeColor = Color.green
}
