public import Domain
public import SQLiteProvider
public import Streams

/// The todo list's filter and order, kept in the `choices` table.
extension TodosBaseService {
    /// The names the choice is kept under.
    private static let filterName = "todo-list.filter"
    private static let sortName = "todo-list.sort"

    /// Fetches, once, the filter and order last chosen for the todo list; `nil` when none was kept.
    public func fetchListChoice() -> Observable<Result<TodoListChoice?, DatabaseError>> {
        database.readOnSubscribe { (db) throws(DatabaseError) in
            let stored = try db.fetchAll(
                "SELECT name, value FROM choices WHERE name IN (?, ?)", [.text(Self.filterName), .text(Self.sortName)]
            ) { row in (row.string(at: 0), row.string(at: 1)) }
            guard !stored.isEmpty else { return nil }
            let values = Dictionary(stored, uniquingKeysWith: { _, last in last })
            return TodoListChoice(
                filter: values[Self.filterName].flatMap(TodoFilter.init(rawValue:)) ?? .all,
                sort: values[Self.sortName].flatMap(TodoSort.init(rawValue:)) ?? .manual)
        }
    }

    /// Keeps `choice` as the todo list's filter and order.
    public func saveListChoice(_ choice: TodoListChoice) -> Observable<Result<TodoListChoice, DatabaseError>> {
        database.writeOnSubscribe { (db) throws(DatabaseError) in
            try db.execute(
                "INSERT INTO choices(name, value) VALUES (?, ?), (?, ?) "
                    + "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                [
                    .text(Self.filterName), .text(choice.filter.rawValue), .text(Self.sortName),
                    .text(choice.sort.rawValue),
                ])
            return choice
        }
    }
}
