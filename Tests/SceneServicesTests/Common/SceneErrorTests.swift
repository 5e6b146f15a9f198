import SceneServices
import Testing

@Test func everySceneErrorReadsAsOneSentenceForPeople() {
    let cases: [(SceneError, String)] = [
        (.storage("the database is busy; try again"), "the database is busy; try again"),
        (.feed("not a feed: unexpected <html>"), "not a feed: unexpected <html>"),
        (.gone(.todo), "This todo no longer exists."),
        (.gone(.feed), "This feed was removed."),
        (.gone(.item), "That item is no longer shown; open it again."),
        (.listChanged, "The list changed; try the move again."),
        (.noImportPath, "Type the path of an OPML file."),
        (.offline, "The network is unavailable (offline); stored items stay readable."),
        (.unexpected("boom"), "boom"),
        (
            .link(.notWeb("file:///etc/passwd")),
            "The link file:///etc/passwd is not a web address (http or https), so it was not opened."
        ),
        (.link(.noOpener), "No program to open links with: set BROWSER to your browser."),
        (.link(.openerNotFound("w3m")), "Could not open the link: w3m was not found; set BROWSER to your browser."),
        (
            .link(.openerFailed("w3m", reason: "permission denied")),
            "Could not open the link with w3m: permission denied."
        ),
        (.link(.noLink), "This item has no link to open."),
        (.link(.noNumberedLink(number: 3, count: 0)), "There is no link [3]: this item has no numbered links."),
        (.link(.noNumberedLink(number: 3, count: 1)), "There is no link [3]: this item has one link, [1]."),
        (.link(.noNumberedLink(number: 3, count: 2)), "There is no link [3]: this item has links [1] to [2]."),
    ]
    for (error, words) in cases {
        #expect(error.message == words)
        #expect(error.description == words)
    }
}

@Test func aSceneErrorIsMatchedByItsCaseNotItsWords() {
    let error: SceneError = .gone(.todo)
    guard case .gone(.todo) = error else {
        Issue.record("not matched")
        return
    }
    #expect(error != .storage("This todo no longer exists."))
}

@Test func aSceneErrorNeverShowsThePasswordOfAnAddressItNames() {
    let reason = "the feed http://ann:secret@127.0.0.1:9/feed is already subscribed"
    for error in [SceneError.storage(reason), .feed(reason), .unexpected(reason)] {
        #expect(error.message == "the feed http://ann:***@127.0.0.1:9/feed is already subscribed")
    }
}

@Test func aSceneErrorContinuesASentenceWithoutACapitalUnlessItsFirstWordIsInCapitals() {
    #expect(SceneError.gone(.todo).message(after: "Could not save") == "Could not save: this todo no longer exists.")
    #expect(
        SceneError.feed("GET https://example.com/feed: the server answered 404").message(after: "Could not add")
            == "Could not add: GET https://example.com/feed: the server answered 404")
    #expect(SceneError.storage("").message(after: "Could not save") == "Could not save: ")
    #expect(SceneError.storage("X").message(after: "Could not save") == "Could not save: x")
}
