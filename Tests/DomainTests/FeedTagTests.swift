import Domain
import Testing

@Test func nestedFoldersBecomeOneTagAndTheTagGivesTheFoldersBack() {
    #expect(FeedTag.ofFolders(["Tech", " Rust\tlang "]) == "Tech/Rust lang")
    #expect(FeedTag.folders(of: "Tech/Rust lang") == ["Tech", "Rust lang"])
    #expect(FeedTag.ofFolders([]) == nil)
    #expect(FeedTag.ofFolders(["  ", "News"]) == "News")
    // A path too long keeps the outer folders that fit.
    #expect(FeedTag.ofFolders(["A", String(repeating: "b", count: 120)]) == "A")
}

@Test func aSlashInAFolderOrTagPartsFoldersSoEveryTagGivesItsFoldersBack() {
    // A folder named like an address (found by fuzzing): its slashes part folders, the blank
    // part between two of them is left out, and the tag round-trips through its folders.
    let tag = FeedTag.ofFolders(["Links https://example.com/x"])
    #expect(tag == "Links https:/example.com/x")
    #expect(FeedTag.folders(of: "Links https:/example.com/x") == ["Links https:", "example.com", "x"])
    #expect(FeedTag.ofFolders(FeedTag.folders(of: tag ?? "")) == tag)
    #expect(FeedTag.normalized(" Tech / /Rust/ ") == "Tech/Rust")
    #expect(FeedTag.normalized(" / ") == nil)
}

@Test func tagWordsAddWithAPlusOrNoSignAndTakeAwayWithAMinus() throws {
    let change = try FeedTagChange(words: ["+tech", "news", "-old", "+tech"])
    #expect(change.added == ["tech", "news"] && change.removed == ["old"])
    #expect(change.applied(to: ["old", "misc"]) == ["misc", "tech", "news"])
    #expect(throws: FeedTagError.self) { try FeedTagChange(words: ["+"]) }
    #expect(throws: FeedTagError.self) { try FeedTagChange(words: ["-" + String(repeating: "x", count: 101)]) }
}

@Test func aTagWordWithACommaIsRefusedWithTheWordsToGiveInstead() {
    #expect {
        try FeedTagChange(words: ["+a,b"])
    } throws: {
        ($0 as? FeedTagError)?.message
            == "a tag cannot hold a comma ('a,b'); give each tag as a word of its own: '+a' '+b'"
    }
    #expect {
        try FeedTagChange(words: ["-old,new"])
    } throws: {
        ($0 as? FeedTagError)?.message.hasSuffix("give each tag as a word of its own: '-old' '-new'") == true
    }
}

@Test func aTagIsWithinItselfAndTheFoldersAroundItOnly() {
    #expect(FeedTag.tag("Tech", isWithin: "Tech"))
    #expect(FeedTag.tag("Tech/Rust", isWithin: "Tech"))
    #expect(FeedTag.tag("Tech/Rust/Async", isWithin: "Tech/Rust"))
    #expect(!FeedTag.tag("Technology", isWithin: "Tech"))
    #expect(!FeedTag.tag("Tech", isWithin: "Tech/Rust"))
    #expect(!FeedTag.tag("Tech/Rust", isWithin: "Tech/R"))
}
