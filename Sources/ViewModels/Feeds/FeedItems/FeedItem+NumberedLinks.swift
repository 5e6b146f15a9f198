package import SceneServices

extension FeedItem {
    /// The addresses the reader numbers, the first `[1]`: the links of the content in the
    /// order it numbers them, then each enclosure's address that is not among them, so a
    /// podcast's audio opens with a number as a link does.
    package var numberedLinks: [String] {
        var numbered = links
        for enclosure in enclosures where !numbered.contains(enclosure.url) { numbered.append(enclosure.url) }
        return numbered
    }
}
