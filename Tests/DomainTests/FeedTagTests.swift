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

@Test func tagWordsAddWithAPlusOrNoSignAndTakeAwayWithAMinus() throws {
    let change = try FeedTagChange(words: ["+tech", "news", "-old", "+tech"])
    #expect(change.added == ["tech", "news"] && change.removed == ["old"])
    #expect(change.applied(to: ["old", "misc"]) == ["misc", "tech", "news"])
    #expect(throws: FeedTagError.self) { try FeedTagChange(words: ["+"]) }
    #expect(throws: FeedTagError.self) { try FeedTagChange(words: ["-" + String(repeating: "x", count: 101)]) }
}
