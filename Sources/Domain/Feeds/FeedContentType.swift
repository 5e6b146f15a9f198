/// How a feed item's stored content is written, which says how to lay it out when it is shown.
///
/// Storage keeps what the feed gave; a front end lays it out for its own screen (the terminal
/// reader numbers the links of HTML and lists them at the end).
public enum FeedContentType: String, Sendable, Hashable, CaseIterable {
    /// HTML in the safe subset the feed parser keeps, links and images with absolute addresses.
    case html
    /// Plain text, shown as it is written: its lines and spaces kept.
    case text
}
