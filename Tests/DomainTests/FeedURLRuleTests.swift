import Domain
import Foundation
import Testing

@Test func feedURLRuleAcceptsAnHTTPSAddressAndTrimsIt() {
    #expect(FeedURLRule.validate("  https://example.com/feed.xml \n") == .success("https://example.com/feed.xml"))
}

@Test func feedURLRuleRefusesAnEmptyAddress() {
    #expect(FeedURLRule.validate("  ") == .failure(.empty))
}

@Test func feedURLRuleRefusesOtherSchemes() {
    #expect(
        FeedURLRule.validate("ftp://example.com/feed")
            == .failure(.unsupportedScheme("ftp")))
}

@Test func feedURLRuleRefusesTextThatIsNotAnAddress() {
    #expect(FeedURLRule.validate("not a url") == .failure(.notAWebAddress("not a url")))
}

@Test func feedURLRuleRefusesAnAddressWithoutAHost() {
    #expect(FeedURLRule.validate("https://") == .failure(.noHost("https://")))
}

@Test func feedURLRuleAcceptsFilePathsAndFileURLsAsTheCommandLineDoes() {
    for text in ["/tmp/feed.xml", "~/feeds/a.xml", "./feed.xml", "../feeds/a b.xml", "file:///tmp/feed.xml"] {
        #expect(FeedURLRule.validate(" \(text) ") == .success(text), "\(text)")
    }
}

@Test func feedURLRuleRefusesAFileURLWithoutAPath() {
    #expect(FeedURLRule.validate("file://") == .failure(.fileWithoutPath("file://")))
}

@Test func feedURLRuleAcceptsAFeedSchemeAddress() {
    #expect(FeedURLRule.validate("feed://example.com/rss") == .success("feed://example.com/rss"))
}

@Test func feedURLProblemsReadAsSentences() {
    #expect(FeedURLProblem.empty.description == "Type the feed's address.")
    #expect(
        FeedURLProblem.unsupportedScheme("ftp").description
            == "A feed address starts with http:// or https://, or is a file path; this one starts with “ftp:”.")
    #expect(
        FeedURLProblem.notAWebAddress("x y").description
            == "“x y” is not a feed address: write a web address starting with https:// or a file path.")
    #expect(
        FeedURLProblem.missingScheme("example.com/feed").description
            == "“example.com/feed” is not a feed address: a web address starts with https://, as in "
            + "https://example.com/feed.")
    #expect(FeedURLProblem.noHost("https://").description == "“https://” is not a feed address: it has no host name.")
    #expect(
        FeedURLProblem.fileWithoutPath("file://").description
            == "“file://” is not a feed address: a file address needs a path.")
}

@Test func feedURLRuleRefusesTextWithoutAScheme() {
    #expect(FeedURLRule.validate("example.com/feed") == .failure(.missingScheme("example.com/feed")))
    #expect(FeedURLRule.validate("www.example.org:8080") == .failure(.missingScheme("www.example.org:8080")))
    #expect(FeedURLRule.validate("feed.xml") == .failure(.notAWebAddress("feed.xml")))
    #expect(FeedURLRule.validate("mailto:a@example.com") == .failure(.unsupportedScheme("mailto")))
}

@Test func aMistypedSchemeIsNamedAlikeWhereverRelativePathsAreFiles() {
    // One message per mistake: the command line, which takes bare text for a file, says what
    // the feed list says.
    for relativePaths in [FeedURLRule.RelativePaths.any, .marked, .none] {
        #expect(parse("htp:/bad", relativePaths) == .failure(.unsupportedScheme("htp")))
        #expect(parse("https:example.com", relativePaths) == .failure(.noHost("https:example.com")))
    }
    #expect(parse("./htp:/bad") == .success(.file(path: "/projects/reader/htp:/bad")))
    #expect(parse("file:/tmp/a.xml") == .success(.file(path: "/tmp/a.xml")))
    #expect(parse("example.com:8080/feed", .marked) == .failure(.missingScheme("example.com:8080/feed")))
    #expect(parse("http//example.com/feed", .marked) == .failure(.missingScheme("http//example.com/feed")))
    #expect(
        FeedURLProblem.missingScheme("http//example.com/feed").message
            == "“http//example.com/feed” is not a feed address: a web address starts with https://, as in "
            + "https://example.com/feed.")
}

/// `parse` with a home and a current folder of the test's choosing: no file system is read.
private func parse(
    _ text: String, _ relativePaths: FeedURLRule.RelativePaths = .any
) -> Result<FeedAddress, FeedURLProblem> {
    FeedURLRule.parse(
        text, homeDirectory: "/people/ada", currentDirectory: "/projects/reader", relativePaths: relativePaths)
}

@Test func parseReadsWebAddressesAndTheFeedSchemeAsHTTP() throws {
    #expect(
        parse(" https://example.com/a.xml ") == .success(.web(try #require(URL(string: "https://example.com/a.xml")))))
    #expect(parse("feed://example.com/rss") == .success(.web(try #require(URL(string: "http://example.com/rss")))))
    #expect(parse("HTTP://example.com/a?b=c") == .success(.web(try #require(URL(string: "HTTP://example.com/a?b=c")))))
    #expect(parse("https://") == .failure(.noHost("https://")))
    #expect(parse("gopher://x") == .failure(.unsupportedScheme("gopher")))
}

@Test func parseMakesEveryPathAbsoluteAndStandardised() {
    #expect(parse("/var/feeds/../feeds/a.xml") == .success(.file(path: "/var/feeds/a.xml")))
    #expect(parse("~/feeds/a.xml") == .success(.file(path: "/people/ada/feeds/a.xml")))
    #expect(parse("feeds/./a.xml") == .success(.file(path: "/projects/reader/feeds/a.xml")))
    #expect(parse("../a.xml") == .success(.file(path: "/projects/a.xml")))
    #expect(parse("file:///tmp/some%20feed.xml") == .success(.file(path: "/tmp/some feed.xml")))
}

@Test func parseTakesRelativePathsAsTheCallerSays() {
    #expect(parse("feeds/a.xml", .marked) == .failure(.notAWebAddress("feeds/a.xml")))
    #expect(parse("./feeds/a.xml", .marked) == .success(.file(path: "/projects/reader/feeds/a.xml")))
    #expect(parse("./feeds/a.xml", .none) == .failure(.notAWebAddress("./feeds/a.xml")))
    #expect(parse("~/a.xml", .none) == .success(.file(path: "/people/ada/a.xml")))
    #expect(parse("/a.xml", .none) == .success(.file(path: "/a.xml")))
}

@Test func hidingPasswordsHidesThePasswordOfEveryURLInATextAndNothingElse() {
    #expect(
        FeedURLRule.hidingPasswords(in: "https://ann:s3cr@t@example.com/feed?a=b@c")
            == "https://ann:***@example.com/feed?a=b@c")
    #expect(
        FeedURLRule.hidingPasswords(in: "http://a:b@127.0.0.1:8080: connection refused; see http://c:d@host")
            == "http://a:***@127.0.0.1:8080: connection refused; see http://c:***@host")
    // A password mistyped with a space or a line break in it is still hidden.
    #expect(FeedURLRule.hidingPasswords(in: "http://ann:sec ret@h/feed") == "http://ann:***@h/feed")
    #expect(FeedURLRule.hidingPasswords(in: "http://ann:sec\nret@h/feed") == "http://ann:***@h/feed")
    // A password holding "/", "?" or "#" is hidden whole.
    for password in ["se/cret", "se?cret", "se#cret"] {
        #expect(
            FeedURLRule.hidingPasswords(in: "not a feed address: \"http://ann:\(password)@127.0.0.1:9/rss.xml\"")
                == "not a feed address: \"http://ann:***@127.0.0.1:9/rss.xml\"")
    }
    // An "@" in the path after a port is not a password's end.
    #expect(
        FeedURLRule.hidingPasswords(in: "https://example.com:8080/feed/@ann") == "https://example.com:8080/feed/@ann")
    // A user without a password, an address without a user, and plain text stay as they are.
    for text in [
        "https://ann@example.com/feed", "https://example.com/a@b", "mail ann@example.com", "Example",
        "https://medium.com/feed/@ann",
    ] {
        #expect(FeedURLRule.hidingPasswords(in: text) == text)
    }
}

@Test func feedURLRuleReadsDotSegmentsOutOfAWebAddressAsABrowserAsksForIt() {
    func parsed(_ text: String) -> String? {
        guard case .success(.web(let url)) = FeedURLRule.parse(text, homeDirectory: "/", currentDirectory: "/") else {
            return nil
        }
        return url.absoluteString
    }
    #expect(parsed("http://127.0.0.1:8765/sub/../rss1.xml?a=1#top") == "http://127.0.0.1:8765/rss1.xml?a=1#top")
    #expect(parsed("https://example.com/./feeds/./a.xml") == "https://example.com/feeds/a.xml")
    // Dots inside names are no segments.
    #expect(parsed("https://example.com/v1.2/feed.xml") == "https://example.com/v1.2/feed.xml")
    #expect(parsed("https://example.com/..feed/a") == "https://example.com/..feed/a")
}
