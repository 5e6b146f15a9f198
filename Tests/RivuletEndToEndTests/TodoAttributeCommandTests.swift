import Foundation
import Testing

// End-to-end: tags, projects, priorities and recurrences written on the command line, listed,
// filtered, and refused with one sentence, through the built `rivulet` binary.

private func rivulet(_ arguments: String..., db: String) throws -> RivuletProcess.Result {
    try RivuletProcess.run(["--db", db] + arguments)
}

private func listed(_ db: String, _ filter: String...) throws -> [[String: Any]] {
    let result = try RivuletProcess.run(["--db", db, "list", "--json"] + filter)
    let value = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    return try #require(value as? [[String: Any]])
}

@Test func attributesWrittenInATitleAreStoredListedAndFiltered() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let added = try rivulet(
        "add", "Paint", "the", "fence", "+home", "project:home.garden", "pri:H", "due:2027-01-02", db: db)
    #expect(added.status == 0, "stderr: \(added.error)")
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(try rivulet("add", "Write report +work project:work", db: db).status == 0)
    let todo = try #require(try listed(db, "+home").first)
    #expect(todo["id"] as? Int == id)
    #expect(todo["title"] as? String == "Paint the fence")
    #expect(todo["tags"] as? [String] == ["home"])
    #expect(todo["project"] as? String == "home.garden")
    #expect(todo["priority"] as? String == "H")
    #expect(todo["recurrence"] is NSNull)
    #expect(todo["due"] as? String == "2027-01-02")
    #expect(try listed(db, "project:home").map { $0["id"] as? Int } == [id])
    #expect(try listed(db, "+work", "report").map { $0["title"] as? String } == ["Write report"])
    let plain = try rivulet("list", "+home", db: db).output
    #expect(plain == "\(id)\t[ ] Paint the fence +home project:home.garden pri:H\tdue 2027-01-02\n")
    // A tag with a minus leaves out the todos that have it, as taskwarrior's filters do.
    let withoutHome = try listed(db, "-home").map { $0["title"] as? String }
    #expect(withoutHome.contains("Write report") && !withoutHome.contains("Paint the fence"))
    #expect(try listed(db, "-home", "+work").map { $0["title"] as? String } == ["Write report"])
}

@Test func badAttributesAreRefusedWithOneSentenceAndNothingIsSaved() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    #expect(try rivulet("add", "Start", db: db).status == 0)
    let before = try listed(db).count
    for (arguments, sentence) in [
        (["add", "Call", "pri:X"], "“pri:X” is not a priority; write pri:H, pri:M or pri:L."),
        (["add", "Bins", "recur:weekly"], "a recurring todo needs a due day (due:WHEN)"),
        (["add", "Bins", "recur:often", "due:fri"], "“recur:often” is not a recurrence"),
        (["list", "pri:Z"], "“pri:Z” is not a priority"),
    ] {
        let result = try RivuletProcess.run(["--db", db] + arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.error.hasPrefix("rivulet: \(sentence)"), "stderr: \(result.error)")
    }
    #expect(try listed(db).count == before)
}

@Test func editChangesTheAttributesItsTitleNames() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let id = try rivulet("add", "Taxes +home pri:L", db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try rivulet("edit", id, "--title", "pri:H +work project:money", db: db).status == 0)
    let todo = try #require(try listed(db, "+work").first)
    #expect(todo["title"] as? String == "Taxes")
    #expect(todo["tags"] as? [String] == ["work"])
    #expect(todo["priority"] as? String == "H")
    #expect(try rivulet("undo", db: db).status == 0)
    #expect(try listed(db, "+home").first?["priority"] as? String == "L")
}

@Test func nextListsTheMostUrgentOpenTodosFirst() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let calm = try rivulet("add", "Calm", db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    let overdue = try rivulet("add", "Overdue pri:H due:-8d", db: db).output.trimmingCharacters(
        in: .whitespacesAndNewlines)
    let tagged = try rivulet("add", "Tagged +home", db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try rivulet("done", overdue, db: db).status == 0)
    let ranked = try rivulet("next", "50", db: db)
    #expect(ranked.status == 0, "stderr: \(ranked.error)")
    let ids = ranked.output.split(separator: "\n").map { $0.split(separator: "\t")[0] }
    // The done todo is not listed; the tagged one (0.8) comes before the calm one (0).
    #expect(!ids.contains(Substring(overdue)))
    let taggedIndex = try #require(ids.firstIndex(of: Substring(tagged)))
    let calmIndex = try #require(ids.firstIndex(of: Substring(calm)))
    #expect(taggedIndex < calmIndex)
    #expect(ranked.output.contains("\(tagged)\t0.8\tTagged +home\n"))
    #expect(try rivulet("reopen", overdue, db: db).status == 0)
    #expect(try rivulet("next", "1", db: db).output.hasPrefix("\(overdue)\t18.0\tOverdue pri:H\tdue "))
}

@Test func doneOnARecurringTodoAddsTheNextAndUndoTakesBothBack() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let id = try rivulet("add", "Bins recur:weekly due:2027-01-04 +home", db: db).output
        .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try rivulet("done", id, db: db).output == "done \(id) \"Bins\", next due 2027-01-11\n")
    // Done again, it makes no next one, and says it was done already.
    #expect(try rivulet("done", id, db: db).output == "done \(id) \"Bins\" (already done)\n")
    let bins = try listed(db, "+home")
    #expect(bins.map { $0["due"] as? String } == ["2027-01-04", "2027-01-11"])
    #expect(bins.map { $0["completed"] as? Bool } == [true, false])
    #expect(bins.last?["recurrence"] as? String == "weekly")
    #expect(try rivulet("undo", db: db).output == "undid: complete \"Bins\"\n")
    let undone = try listed(db, "+home")
    #expect(undone.count == 1 && undone.first?["completed"] as? Bool == false)
}

@Test func doneOnAMonthlySeriesFromThe31stNamesTheDayItComesBackTo() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    #expect(try rivulet("add", "Rent recur:monthly due:2027-01-31", db: db).status == 0)
    var said: [String] = []
    for _ in 0..<3 {
        let open = try #require(try listed(db, "rent").first { $0["completed"] as? Bool == false })
        let id = try #require(open["id"] as? Int)
        let output = try rivulet("done", String(id), db: db).output
        #expect(output.hasPrefix("done \(id) \"Rent\", next due "))
        said.append(String(output.suffix(11)))
    }
    #expect(said == ["2027-02-28\n", "2027-03-31\n", "2027-04-30\n"])
    let rent = try listed(db, "rent")
    #expect(rent.map { $0["due"] as? String } == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])
    #expect(try rivulet("undo", db: db).output == "undid: complete \"Rent\"\n")
    #expect(try listed(db, "rent").map { $0["due"] as? String } == ["2027-01-31", "2027-02-28", "2027-03-31"])
}
