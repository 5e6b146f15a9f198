import Foundation
import Testing

@testable import BaseServices

@Test(arguments: [
    ("HTTP://Example.COM:80/feed#top", "http://example.com/feed"),
    ("https://example.com:443", "https://example.com/"),
    ("https://example.com:8443/a?b=C", "https://example.com:8443/a?b=C"),
    ("https://example.com/a?", "https://example.com/a"),
    ("feed://example.com/rss", "http://example.com/rss"),
    ("file:///tmp/a/../feed.xml", "/tmp/feed.xml"),
    ("/tmp/./b/../feed.xml", "/tmp/feed.xml"),
])
func normalizedLocationsHaveOneSpellingPerFeed(text: String, normalized: String) throws {
    #expect(try FeedLocation.parse(text).normalized.description == normalized)
}

@Test func aNormalizedLocationIsNormalizedAlready() throws {
    let once = try FeedLocation.parse("HTTPS://A.example:443/x#y").normalized
    #expect(once.normalized == once)
}

@Test func aFileLocationIsWrittenAsAFileURLForLists() throws {
    #expect(try FeedLocation.parse("/tmp/my feed.xml").urlString == "file:///tmp/my%20feed.xml")
    #expect(try FeedLocation.parse("https://example.com/feed").urlString == "https://example.com/feed")
}
