import Domain
import Foundation
import Streams
import Testing

@testable import SceneServices

private func makeService(_ fixture: ServicesFixture) -> CommandLineService {
    CommandLineService(todos: fixture.todos, feeds: fixture.feeds, history: fixture.history)
}

/// The titles of every todo `filter` lets through in the order `sort`, read a batch of `size` at
/// a time, one array per batch.
private func readAll(
    _ service: CommandLineService, filter: TodoFilter = .all, sort: TodoSort = .manual, size: Int = 10
) throws -> [[String]] {
    try batches { try first(service.fetchTodos(filter: filter, search: "", sort: sort, after: $0, limit: size)).get() }
}

/// The titles of each batch `read` gives, from the first until one says it is the last.
private func batches(_ read: (TodoBatch.Cursor?) throws -> TodoBatch) throws -> [[String]] {
    var batches: [[String]] = []
    var cursor: TodoBatch.Cursor?
    repeat {
        let batch = try read(cursor)
        batches.append(batch.todos.map(\.title))
        cursor = batch.next
    } while cursor != nil
    return batches
}

@Test func commandLineServiceReadsEveryOrderOfTheAppInBatchesWithDoneTodosLast() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Cherry", "apple", "Banana", "Date"], done: ["apple"])
    let service = makeService(fixture)
    #expect(try readAll(service, sort: .title, size: 2) == [["Banana", "Cherry"], ["Date", "apple"], []])
    #expect(try readAll(service, sort: .created, size: 3) == [["Cherry", "Banana", "Date"], ["apple"]])
    #expect(try readAll(service, sort: .manual, size: 3) == [["Cherry", "apple", "Banana"], ["Date"]])
    #expect(try readAll(service, filter: .active, sort: .title) == [["Banana", "Cherry", "Date"]])
}

@Test func aTodoAddedBetweenTwoBatchesMakesNoTodoOfTheListingRepeatOrGoMissing() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Cherry", "Banana", "Date", "Elder"])
    let service = makeService(fixture)
    for sort in [TodoSort.title, .dueDate, .urgency] {
        let batch = try first(service.fetchTodos(filter: .all, search: "", sort: sort, after: nil, limit: 2)).get()
        // Before the batch's end in each of these orders: first by title, by due date, and (long
        // overdue) by urgency.
        let early = try first(
            service.addTodo(title: "Apple", notes: "", dueAt: Date(timeIntervalSince1970: 0), attributes: .none)
        ).get()
        let rest = try first(service.fetchTodos(filter: .all, search: "", sort: sort, after: batch.next, limit: 10))
            .get()
        let listed = (batch.todos + rest.todos).map(\.title).filter { !$0.hasPrefix("Apple") }
        #expect(listed.count == 4 && Set(listed).count == 4, "\(sort)")
        _ = try first(service.removeTodos(ids: [early.id])).get()
    }
}

@Test func commandLineServiceReadsTheTodosCompletedInASpanTheMostRecentFirst() throws {
    let fixture = try ServicesFixture()
    // The fixture's clock moves a second at each reading, so A is completed first and D last.
    try fixture.addTodos(["A", "B", "C", "D"], done: ["A", "C", "D"])
    let service = makeService(fixture)
    let (start, end) = (Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 4_000_000_000))
    let read = { (from: Date, to: Date) in
        try batches { try first(service.fetchCompleted(from: from, to: to, after: $0, limit: 2)).get() }
    }
    #expect(try read(start, end) == [["D", "C"], ["A"]])
    let done = try first(service.fetchCompleted(from: start, to: end, after: nil, limit: 3)).get().todos
    let (newest, oldest) = (try #require(done.first?.completedAt), try #require(done.last?.completedAt))
    // The end is not in the span; the start is.
    #expect(try read(oldest, newest) == [["C", "A"], []])
    #expect(try read(newest, end) == [["D"]])
}

@Test func commandLineServiceReadsTheWholeListInBatchesInOrder() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["A", "B", "C", "D", "E"], done: ["C"])
    let service = makeService(fixture)
    #expect(try readAll(service, size: 2) == [["A", "B"], ["C", "D"], ["E"]])
    #expect(try readAll(service, filter: .active, size: 2) == [["A", "B"], ["D", "E"], []])
    #expect(try readAll(service, filter: .completed) == [["C"]])
}

@Test func commandLineServiceBatchThatFillsItsLimitIsFollowedByAnEmptyLastOne() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["A", "B"])
    let service = makeService(fixture)
    let full = try first(service.fetchTodos(filter: .all, search: "", sort: .manual, after: nil, limit: 2)).get()
    #expect(full.todos.map(\.title) == ["A", "B"] && full.next != nil)
    let last = try first(service.fetchTodos(filter: .all, search: "", sort: .manual, after: full.next, limit: 2)).get()
    #expect(last.todos.isEmpty && last.next == nil)
}

@Test func commandLineServiceAddsCompletesAndRemovesATodo() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    let due = Date(timeIntervalSince1970: 1_900_000_000)
    let added = try first(service.addTodo(title: "Milk", notes: "oat", dueAt: due, attributes: .none)).get()
    #expect(added.title == "Milk" && added.notes == "oat" && added.dueAt == due)
    #expect(try first(service.setCompleted(todoIDs: [added.id], true)).get().map(\.isCompleted) == [true])
    #expect(try first(service.setCompleted(todoIDs: [added.id], false)).get().map(\.isCompleted) == [false])
    #expect(try first(service.removeTodos(ids: [added.id])).get().map(\.id) == [added.id])
    #expect(try readAll(service) == [[]])
}

/// Every todo, in the list's order.
private func stored(_ service: CommandLineService) throws -> [Todo] {
    try first(service.fetchTodos(filter: .all, search: "", sort: .manual, after: nil, limit: 100)).get().todos
}

@Test func aCompletedRecurringTodoNamesTheDayOfTheTodoItsCompletionAdded() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    let monthly = TodoAttributes(recurrence: Recurrence(written: "monthly"))
    let january31 = try #require(DueDay("2027-01-31")).date
    var id = try first(service.addTodo(title: "Rent", notes: "", dueAt: january31, attributes: monthly)).get().id
    var named: [String] = []
    for _ in 0..<3 {
        let done = try #require(try first(service.setCompleted(todoIDs: [id], true)).get().first)
        named.append(try #require(done.nextDue).description)
        let next = try #require(try stored(service).last)
        #expect(next.dueAt.map { DueDay($0) } == done.nextDue)
        id = next.id
    }
    #expect(named == ["2027-02-28", "2027-03-31", "2027-04-30"])
}

@Test func commandLineServiceCompletesAndRemovesSeveralTodosAsOneChange() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    let ids = try ["Milk", "Tea", "Bread"].map {
        try first(service.addTodo(title: $0, notes: "", dueAt: nil, attributes: .none)).get().id
    }
    let done = try first(service.setCompleted(todoIDs: [ids[2], ids[0]], true)).get()
    #expect(done.map(\.title) == ["Bread", "Milk"] && done.allSatisfy(\.isCompleted))
    #expect(try first(service.undo()).get()?.label == "complete 2 todos")
    #expect(try stored(service).filter(\.isCompleted).isEmpty)
    let removed = try first(service.removeTodos(ids: [ids[1], ids[2]])).get()
    #expect(removed.map(\.title) == ["Tea", "Bread"])
    #expect(try stored(service).map(\.title) == ["Milk"])
    #expect(try first(service.undo()).get()?.label == "delete 2 todos")
    #expect(try stored(service).map(\.title) == ["Milk", "Tea", "Bread"])
}

@Test func commandLineServiceChangesNothingWhenOneOfSeveralIDsNamesNoTodo() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    let milk = try first(service.addTodo(title: "Milk", notes: "", dueAt: nil, attributes: .none)).get().id
    #expect(throws: SceneError.storage("there is no todo 99")) {
        try first(service.setCompleted(todoIDs: [milk, 99], true)).get()
    }
    #expect(throws: SceneError.storage("there is no todo 99")) {
        try first(service.removeTodos(ids: [milk, 99])).get()
    }
    #expect(try stored(service).map { "\($0.title) \($0.isCompleted)" } == ["Milk false"])
    #expect(try first(service.undo()).get()?.label == "add \"Milk\"")
}

@Test func commandLineServiceUpdateWritesOnlyTheFieldsGiven() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    let due = Date(timeIntervalSince1970: 1_900_000_000)
    let added = try first(service.addTodo(title: "Milk", notes: "oat", dueAt: due, attributes: .none)).get()
    let renamed = try first(service.updateTodo(id: added.id, TodoChange(title: "Tea"))).get()
    #expect(renamed.title == "Tea" && renamed.notes == "oat" && renamed.dueAt == due)
    let undated = try first(service.updateTodo(id: added.id, TodoChange(notes: "green", due: .remove))).get()
    #expect(undated.title == "Tea" && undated.notes == "green" && undated.dueAt == nil)
}

@Test func commandLineServiceFailureKeepsTheDatabaseReason() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    #expect(throws: SceneError.storage("there is no todo 99")) {
        try first(service.setCompleted(todoIDs: [99], true)).get()
    }
    #expect(throws: SceneError.storage("there is no feed 7")) { try first(service.removeFeed(id: 7)).get() }
}

@Test func commandLineServiceUndoesAndRedoesTheLastChange() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    #expect(try first(service.undo()).get() == nil)
    _ = try first(service.addTodo(title: "Milk", notes: "", dueAt: nil, attributes: .none)).get()
    #expect(try first(service.undo()).get()?.label == #"add "Milk""#)
    #expect(try readAll(service) == [[]])
    #expect(try first(service.redo()).get()?.label == #"add "Milk""#)
    #expect(try readAll(service) == [["Milk"]])
}

@Test func commandLineServiceReadsFeedsAndAWindowOfItemsNewestFirst() throws {
    let fixture = try ServicesFixture()
    let id = try fixture.addFeed("https://a.example/feed", items: ["1", "2", "3"], read: 1)
    _ = try first(fixture.feeds.setLastError(feedID: id, "offline")).get()
    let service = makeService(fixture)
    let feeds = try first(service.fetchFeeds()).get()
    #expect(feeds.map(\.url) == ["https://a.example/feed"])
    #expect(feeds.first?.lastRefresh == .failed(message: "offline"))
    #expect(feeds.first?.unreadCount == 2)
    #expect(try first(service.fetchItems(feedID: id, offset: 0, limit: 2)).get().map(\.title) == ["3", "2"])
    #expect(try first(service.fetchItems(feedID: id, offset: 2, limit: 2)).get().map(\.text) == ["About 1"])
}

@Test func commandLineServiceMarksItemsAndWholeFeedsReadOrUnread() throws {
    let fixture = try ServicesFixture()
    let id = try fixture.addFeed("https://a.example/feed", items: ["1", "2"])
    let service = makeService(fixture)
    let items = try first(service.fetchItems(feedID: id, offset: 0, limit: 10)).get()
    #expect(try first(service.setRead(itemIDs: [items[0].id], true)).get() == 1)
    #expect(try first(service.setRead(feedID: id, true)).get() == 1)
    #expect(try first(service.setRead(feedID: id, false)).get() == 2)
    #expect(throws: SceneError.self) { try first(service.setRead(itemIDs: [items[0].id, 999], true)).get() }
    #expect(try first(service.fetchFeeds()).get().first?.unreadCount == 2)
}

@Test func commandLineServiceRemovesAFeedAsAChangeUndoTakesBack() throws {
    let fixture = try ServicesFixture()
    let id = try fixture.addFeed("https://a.example/feed", items: ["1"])
    let service = makeService(fixture)
    #expect(try first(service.removeFeed(id: id)).get().id == id)
    #expect(try first(service.fetchFeeds()).get().isEmpty)
    _ = try first(service.undo()).get()
    #expect(try first(service.fetchFeeds()).get().map(\.id) == [id])
}

@Test func commandLineServiceImportNamesEachFailedEntryByTitleAndAddressInQuotes() throws {
    let fixture = try ServicesFixture()
    let service = makeService(fixture)
    let path = NSTemporaryDirectory() + "rivulet-import-\(UUID().uuidString).opml"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let list =
        #"<opml><body><outline text="New" xmlUrl="https://new.example/rss"/>"#
        + #"<outline text="Gopher" xmlUrl="gopher://ann:secret@g/"/>"#
        + #"<outline text="New again" xmlUrl="https://new.example/rss"/></body></opml>"#
    try Data(list.utf8).write(to: URL(fileURLWithPath: path))
    let summary = try first(service.importFeeds(fromFile: path)).get()
    #expect(summary.addedFeedIDs.count == 1 && summary.skippedCount == 1)
    #expect(summary.failures.count == 1)
    #expect(summary.failures.first?.hasPrefix(#""Gopher""#) == true, "\(summary.failures)")
    #expect(summary.failures.first?.contains("secret") == false, "\(summary.failures)")
}

@Test func commandLineServiceRefusesAnImportFileThatIsNotThere() throws {
    let fixture = try ServicesFixture()
    let missing = NSTemporaryDirectory() + "rivulet-missing-\(UUID().uuidString).opml"
    guard case .failure(.feed(let reason)) = try first(makeService(fixture).importFeeds(fromFile: missing)) else {
        Issue.record("a missing file was imported")
        return
    }
    #expect(reason.contains(missing))
}

@Test func commandLineServiceExportsTheSubscriptionsAsOPML() throws {
    let fixture = try ServicesFixture()
    try fixture.addFeed("https://a.example/feed", items: [])
    let document = try first(makeService(fixture).exportFeeds()).get()
    #expect(document.contains("<opml") && document.contains(#"xmlUrl="https://a.example/feed""#))
}
