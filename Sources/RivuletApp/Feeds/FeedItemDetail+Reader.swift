import Domain
import FeedParsing
import ViewModels

extension FeedItemDetail {
    /// The text the terminal reader shows, laid out now rather than when it was stored: HTML
    /// with its structure kept and its links numbered where their text ends and listed at the
    /// end, newsboat style; plain text as it is written. Control characters stay in it for the
    /// reader to sanitise where it draws the text. The item's enclosures follow, each with
    /// its number among the links.
    var readerText: String {
        let body =
            switch textType {
            case .html: HTMLRenderer.render(text).textWithLinkList
            case .text: text
            }
        guard !enclosures.isEmpty else { return body }
        return (body.isEmpty ? "" : body + "\n\n") + "Enclosures:\n" + enclosureLines.joined(separator: "\n")
    }
}
