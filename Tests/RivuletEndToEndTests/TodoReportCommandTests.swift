import Foundation
import Testing

// End-to-end: the `completed` report and `list --sort` through the built `rivulet` binary.

private func rivulet(_ db: String, _ arguments: String...) throws -> RivuletProcess.Result {
    try RivuletProcess.run(["--db", db] + arguments)
}

@Test func completedListsTheTodosDoneInAPeriodTheMostRecentFirstWithTheirMoment() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    var ids: [String] = []
    for title in ["Post the cards", "Buy a tree", "Wrap the gifts"] {
        ids.append(try rivulet(db, "add", title).output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    #expect(try rivulet(db, "done", ids[0]).status == 0)
    #expect(try rivulet(db, "done", ids[2]).status == 0)
    let today = try rivulet(db, "completed", "today")
    #expect(today.status == 0, "\(today.error)")
    let lines = today.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    // The welcome list a new database starts with has one todo done when it was made, first.
    let welcome = "Read this list's first todo"
    #expect(lines.prefix(2).map { $0.first } == [ids[2], ids[0]])
    #expect(lines.map { $0.last } == ["Wrap the gifts", "Post the cards", welcome])
    // The moment each was completed, to the minute, where the person is: `YYYY-MM-DD HH:MM`.
    #expect(lines.allSatisfy { $0.count == 3 && $0[1].count == 16 && $0[1].contains(":") }, "\(today.output)")
    #expect(try rivulet(db, "completed", "yesterday").output == "")
    #expect(try rivulet(db, "completed", "7d").output == today.output)
    let json = try rivulet(db, "completed", "since", "-2d", "--json")
    let todos = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(todos.map { $0["title"] as? String } == ["Wrap the gifts", "Post the cards", welcome])
    #expect(todos.allSatisfy { ($0["completedAt"] as? String)?.hasSuffix("Z") == true })
}

@Test func completedRefusesABadPeriodWithOneSentenceNamingWhatIsAccepted() throws {
    let folder = try TemporaryFolder()
    let result = try rivulet(folder.file("todos.sqlite"), "completed", "fortnight")
    #expect(result.status == 2)
    #expect(
        result.error.hasPrefix(
            "rivulet: “fortnight” is not a period; give today, yesterday, week, month, a number of days such as 7d, "
                + "or since WHEN.\n"), "\(result.error)")
}

@Test func listSortsAsTheAppDoesWithDoneTodosLastAndSearchWordsAlongside() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let apple = try rivulet(db, "add", "apple +fruit due:tomorrow").output.trimmingCharacters(
        in: .whitespacesAndNewlines)
    #expect(try rivulet(db, "add", "Cherry +fruit").status == 0)
    #expect(try rivulet(db, "add", "Banana +fruit due:+3d").status == 0)
    #expect(try rivulet(db, "add", "Bread").status == 0)
    #expect(try rivulet(db, "add", "Banana bread").status == 0)
    let titles = { (arguments: [String]) throws -> [String] in
        try RivuletProcess.run(["--db", db, "list"] + arguments).output.split(separator: "\n").map {
            String($0.split(separator: "\t")[1])
        }
    }
    #expect(
        try titles(["+fruit", "--sort", "title"]) == ["[ ] apple +fruit", "[ ] Banana +fruit", "[ ] Cherry +fruit"])
    #expect(try titles(["+fruit", "--sort", "due"]) == ["[ ] apple +fruit", "[ ] Banana +fruit", "[ ] Cherry +fruit"])
    #expect(try titles(["bread"]) == ["[ ] Bread", "[ ] Banana bread"])
    #expect(try titles(["--sort", "title", "bread"]) == ["[ ] Banana bread", "[ ] Bread"])
    #expect(try rivulet(db, "done", apple).status == 0)
    #expect(
        try titles(["+fruit", "--sort", "title"]) == ["[ ] Banana +fruit", "[ ] Cherry +fruit", "[x] apple +fruit"])
    #expect(try titles(["+fruit"]) == ["[x] apple +fruit", "[ ] Cherry +fruit", "[ ] Banana +fruit"])
    let bad = try rivulet(db, "list", "--sort", "priority")
    #expect(bad.status == 2)
    #expect(
        bad.error.hasPrefix("rivulet: --sort takes manual, created, due, title or urgency, not 'priority'\n"),
        "\(bad.error)")
}

@Test func showPrintsEveryFieldOfATodoItHasAndItsNotesWhole() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let id = try rivulet(
        db, "add", "Bins +home project:house pri:M recur:weekly due:2099-01-05", "--notes", "blue bin\nfirst"
    )
    .output.trimmingCharacters(in: .whitespacesAndNewlines)
    let shown = try rivulet(db, "show", id)
    #expect(shown.status == 0, "\(shown.error)")
    let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let field = { (name: String) in lines.first { $0.hasPrefix(name + " ") }.map { $0.dropFirst(12) }.map(String.init) }
    #expect(field("ID") == id && field("Title") == "Bins" && field("State") == "not done")
    #expect(field("Due")?.hasPrefix("2099-01-05 (in ") == true && field("Tags") == "home")
    #expect(field("Project") == "house" && field("Priority") == "M" && field("Recurrence") == "weekly")
    #expect(field("Next due") == "2099-01-12" && field("Urgency") != nil && field("Completed") == nil)
    // The local minute, as `completed` writes it (the child has this process's time zone).
    let created = try #require(field("Created"))
    #expect(created.wholeMatch(of: /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/) != nil, "\(created)")
    #expect(shown.output.hasSuffix("Notes\n  blue bin\n  first\n"), "\(shown.output)")
    let json = try JSONSerialization.jsonObject(with: Data(try rivulet(db, "show", id, "--json").output.utf8))
    #expect((json as? [String: Any])?["title"] as? String == "Bins")
    let missing = try rivulet(db, "show", "999")
    #expect(missing.status == 1 && missing.error == "rivulet: there is no todo 999\n")
    #expect(try rivulet(db, "show", "x").status == 2)
}
