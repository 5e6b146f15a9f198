import Domain
import Foundation
import SQLiteProvider

/// A todo's attributes as its columns hold them: the tags as a JSON array of strings (NULL for
/// none, so the `todo_tags` triggers read them with `json_each`), the priority as `H`, `M` or
/// `L`, the recurrence as written (`weekly`, `every 3 days`).
struct StoredAttributes {
    var tags: String?
    var project: String?
    var priority: String?
    var recurrence: String?

    init(_ attributes: TodoAttributes) {
        tags = attributes.tags.isEmpty ? nil : Self.json(attributes.tags)
        project = attributes.project
        priority = attributes.priority?.rawValue
        recurrence = attributes.recurrence?.written
    }

    /// The attributes the columns hold; a value no version of Rivulet writes reads as none.
    static func decode(tags: String?, project: String?, priority: String?, recurrence: String?) -> TodoAttributes {
        TodoAttributes(
            tags: tags.map(Self.tags(fromJSON:)) ?? [], project: project,
            priority: priority.flatMap(TodoPriority.init(rawValue:)),
            recurrence: recurrence.flatMap(Recurrence.init(written:)))
    }

    /// `["home","q3-report"]`. Tags are letters, digits, `-` and `_` (``TodoLine/isTagName(_:)``),
    /// but any text is escaped as JSON wants.
    static func json(_ tags: [String]) -> String {
        let data = (try? JSONEncoder().encode(tags)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func tags(fromJSON text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }

    /// The conditions on `todos` (each starting with ` AND `) that keep the todos `match` asks
    /// for by their attributes, and their bound values; its text is searched elsewhere. A
    /// project matches itself and its sub-projects (`home` matches `home.garden`), as a range
    /// of the project index.
    static func conditions(_ match: TodoMatch) -> (sql: String, arguments: [SQLValue]) {
        var sql = ""
        var arguments: [SQLValue] = []
        for tag in match.tags {
            sql += " AND todos.id IN (SELECT todo_id FROM todo_tags WHERE tag = ?)"
            arguments.append(.text(tag))
        }
        for tag in match.excludedTags {
            sql += " AND todos.id NOT IN (SELECT todo_id FROM todo_tags WHERE tag = ?)"
            arguments.append(.text(tag))
        }
        if let project = match.project {
            sql += " AND (project = ? OR (project >= ? AND project < ?))"
            arguments += [.text(project), .text(project + "."), .text(project + "/")]
        }
        if let priority = match.priority {
            sql += " AND priority = ?"
            arguments.append(.text(priority.rawValue))
        }
        return (sql, arguments)
    }
}
