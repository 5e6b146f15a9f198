import Domain

extension FeedItem {
    /// The addresses the reader numbers, the first `[1]`: the links of the content in the
    /// order it numbers them, then each enclosure's address that is not among them, so a
    /// podcast's audio opens with a number as a link does.
    package var numberedLinks: [String] {
        var numbered = links
        for enclosure in enclosures where !numbered.contains(enclosure.url) { numbered.append(enclosure.url) }
        return numbered
    }

    /// The address to open: the numbered link `number` (the first is 1), else the item's own
    /// link; or why there is none.
    package func linkAddress(number: Int?) -> Result<String, SceneError> {
        guard let number else { return link.map { .success($0) } ?? .failure(.link(.noLink)) }
        let links = numberedLinks
        guard links.indices.contains(number - 1) else {
            return .failure(.link(.noNumberedLink(number: number, count: links.count)))
        }
        return .success(links[number - 1])
    }

    /// The address to download: the numbered link `number`, else the first file (a thumbnail
    /// only when there is nothing else); or why there is none.
    package func downloadAddress(number: Int?) -> Result<String, SceneError> {
        if number != nil { return linkAddress(number: number) }
        let file = enclosures.first { $0.kind != .thumbnail } ?? enclosures.first
        return file.map { .success($0.url) } ?? .failure(.download("This item has no enclosure to download."))
    }
}
