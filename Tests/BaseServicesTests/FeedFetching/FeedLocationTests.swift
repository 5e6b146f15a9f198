import Domain
import Foundation
import Testing

@testable import BaseServices

@Suite struct FeedLocationTests {
    @Test func httpAndHttpsURLsAreRemote() throws {
        #expect(
            try FeedLocation.parse(" https://example.test/feed.xml ")
                == .remote(URL(string: "https://example.test/feed.xml")!))
        #expect(
            try FeedLocation.parse("HTTP://example.test/a?b=c") == .remote(URL(string: "HTTP://example.test/a?b=c")!))
    }

    @Test func feedSchemeIsReadAsHTTP() throws {
        #expect(try FeedLocation.parse("feed://example.test/rss") == .remote(URL(string: "http://example.test/rss")!))
    }

    @Test func fileURLsAreTreatedLikePaths() throws {
        #expect(try FeedLocation.parse("file:///tmp/some%20feed.xml") == .file("/tmp/some feed.xml"))
    }

    @Test func absolutePathsAreFilesAndAreStandardized() throws {
        #expect(try FeedLocation.parse("/var/feeds/../feeds/a.xml") == .file("/var/feeds/a.xml"))
    }

    @Test func relativePathsResolveAgainstTheCurrentDirectory() throws {
        let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/feeds/a.xml")
            .standardizedFileURL.path
        #expect(try FeedLocation.parse("feeds/a.xml") == .file(expected))
    }

    @Test func otherSchemesAreRefused() {
        #expect(throws: FeedError.self) { try FeedLocation.parse("ftp://example.test/feed") }
        do {
            _ = try FeedLocation.parse("gopher://x")
        } catch {
            #expect(error.description.contains("“gopher:”"))
        }
    }

    @Test func aSchemeWithoutSlashesIsNamedAsTheWrongScheme() {
        for relativePaths in [FeedURLRule.RelativePaths.none, .any] {
            do {
                _ = try FeedLocation.parse("mailto:feeds@example.test", relativePaths: relativePaths)
                Issue.record("mailto: was accepted")
            } catch {
                #expect(
                    error.description
                        == "A feed address starts with http:// or https://, or is a file path; this one starts with "
                        + "“mailto:”.")
            }
        }
    }

    @Test func aWebAddressWithoutItsSchemeIsSaidAsTheFeedListSaysItUnlessTheFileExists() throws {
        do {
            _ = try FeedLocation.parse("example.com/no-such-feed")
            Issue.record("example.com/no-such-feed was accepted")
        } catch {
            #expect(error.description == FeedURLProblem.missingScheme("example.com/no-such-feed").message)
        }
    }

    @Test func blankLocationIsInvalid() {
        #expect(throws: FeedError.self) { try FeedLocation.parse("   ") }
        #expect(throws: FeedError.self) { try FeedLocation.parse("https://") }
    }
}

@Test func aTildeStandsForHomeAsAShellReadsIt() {
    #expect(FeedLocation.homeDirectory(environment: ["HOME": "/home/someone"]) == "/home/someone")
    let usersHome = FileManager.default.homeDirectoryForCurrentUser.path
    #expect(FeedLocation.homeDirectory(environment: ["HOME": ""]) == usersHome)
    #expect(FeedLocation.homeDirectory(environment: [:]) == usersHome)
}
