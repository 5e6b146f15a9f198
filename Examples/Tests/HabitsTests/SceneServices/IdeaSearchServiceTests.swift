import Foundation
import Habits
import Requests
import RequestsTesting
import SQLiteProvider
import Streams
import StreamsTesting
import Testing

@Test func ideasKeepTheCategoriesThisAppKnows() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let stubs = StubTransport(scheduler: scheduler)
        stubs.stub(
            path: "/ideas",
            with: .json([
                IdeaObject(name: "Read 20 pages", category: "Mind"), IdeaObject(name: "Knit", category: "crafts"),
                IdeaObject(name: "Walk"),
            ]))
        let server = ServerBaseService.makeIsolated(
            baseURL: Fixtures.serverURL, session: NetworkSession(transport: stubs))
        let service = IdeaSearchService(server: server, habits: HabitsBaseService.shared)
        let found = scheduler.start { service.ideas(matching: "any").map { try? $0.get() } }
        #expect(
            found.events == [
                .next(
                    200,
                    [
                        HabitIdea(name: "Read 20 pages", category: .mind), HabitIdea(name: "Knit", category: .other),
                        HabitIdea(name: "Walk", category: .other),
                    ]), .completed(200),
            ])
    }
}

@Test func anAddedIdeaIsStoredWithItsCategoryAndTheTimeItWasAdded() throws {
    let database = try SQLiteDatabase.openTemporary(options: HabitSchema.options, migrator: HabitSchema.migrator)
    defer { database.close() }
    let habits = HabitsBaseService.makeIsolated(over: database)
    let service = IdeaSearchService(
        server: ServerBaseService.shared, habits: habits, clock: Fixtures.fixedClock)
    let id = try service.addHabit(from: HabitIdea(name: "Water the plants", category: .home))
        .toBlocking(timeout: 5).single().get()
    let stored = try database.read { db in
        try db.fetchOne("SELECT name, category, created_at FROM habit WHERE id = \(id)") {
            (row) throws(DatabaseError) -> [String] in [try row[0], try row[1], try row[2]]
        }
    }
    #expect(stored == ["Water the plants", "home", "2024-10-04 12:00:00.000"])
}
