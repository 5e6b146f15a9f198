import Domain
import Testing

@Test func feedURLRuleAcceptsAnHTTPSAddressAndTrimsIt() {
    #expect(FeedURLRule.validate("  https://example.com/feed.xml \n") == .success("https://example.com/feed.xml"))
}

@Test func feedURLRuleRefusesAnEmptyAddress() {
    #expect(FeedURLRule.validate("  ") == .failure(FeedURLProblem("Type the feed's address.")))
}

@Test func feedURLRuleRefusesOtherSchemes() {
    #expect(
        FeedURLRule.validate("ftp://example.com/feed")
            == .failure(FeedURLProblem("A feed address starts with http:// or https://.")))
}

@Test func feedURLRuleRefusesTextThatIsNotAnAddress() {
    #expect(FeedURLRule.validate("not a url") == .failure(FeedURLProblem("That is not a web address: not a url")))
}

@Test func feedURLRuleRefusesAnAddressWithoutAHost() {
    #expect(FeedURLRule.validate("https://") == .failure(FeedURLProblem("The address has no host name: https://")))
}

@Test func feedURLRuleAcceptsFilePathsAndFileURLsAsTheCommandLineDoes() {
    for text in ["/tmp/feed.xml", "~/feeds/a.xml", "./feed.xml", "../feeds/a b.xml", "file:///tmp/feed.xml"] {
        #expect(FeedURLRule.validate(" \(text) ") == .success(text), "\(text)")
    }
}

@Test func feedURLRuleRefusesAFileURLWithoutAPath() {
    #expect(FeedURLRule.validate("file://") == .failure(FeedURLProblem("The file address has no path: file://")))
}

@Test func feedURLRuleAcceptsAFeedSchemeAddress() {
    #expect(FeedURLRule.validate("feed://example.com/rss") == .success("feed://example.com/rss"))
}
