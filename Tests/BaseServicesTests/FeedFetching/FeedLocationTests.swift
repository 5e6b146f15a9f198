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
            #expect(error.description.contains("gopher://"))
        }
    }

    @Test func aSchemeWithoutSlashesIsNoAddressRatherThanAnUnsupportedOne() {
        do {
            _ = try FeedLocation.parse("mailto:feeds@example.test", relativePaths: .none)
            Issue.record("mailto: was accepted")
        } catch {
            #expect(error.description == "not a feed address or file path: \"mailto:feeds@example.test\"")
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
