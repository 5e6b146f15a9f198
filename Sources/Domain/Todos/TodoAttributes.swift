/// What a todo carries besides its title, notes and dates: its tags, project, priority and
/// recurrence, as a ``TodoLine`` writes them.
public struct TodoAttributes: Sendable, Hashable {
    /// The tags, in the order given, each once.
    public var tags: [String]
    /// The project; a dotted name is a sub-project (`home.garden`).
    public var project: String?
    /// The priority.
    public var priority: TodoPriority?
    /// How the todo repeats, if it does.
    public var recurrence: Recurrence?

    /// No tags, no project, no priority, no recurrence.
    public static let none = TodoAttributes()

    /// Attributes with the values given.
    public init(
        tags: [String] = [], project: String? = nil, priority: TodoPriority? = nil, recurrence: Recurrence? = nil
    ) {
        self.tags = tags
        self.project = project
        self.priority = priority
        self.recurrence = recurrence
    }

    /// The attributes a new todo written as `line` has.
    public init(_ line: TodoLine) {
        self.init(
            tags: line.tags, project: line.project.value, priority: line.priority.value,
            recurrence: line.recurrence.value)
    }

    /// These attributes after `change`.
    public func changed(by change: TodoAttributeChange) -> TodoAttributes {
        TodoAttributes(
            tags: change.tags ?? tags, project: change.project.applied(to: project),
            priority: change.priority.applied(to: priority), recurrence: change.recurrence.applied(to: recurrence))
    }
}

/// What an edit does to a todo's attributes: each one kept, set or taken away.
public struct TodoAttributeChange: Sendable, Hashable {
    /// The new tags, or `nil` to keep them.
    public var tags: [String]?
    /// The project's change.
    public var project: FieldChange<String>
    /// The priority's change.
    public var priority: FieldChange<TodoPriority>
    /// The recurrence's change.
    public var recurrence: FieldChange<Recurrence>

    /// Keeps every attribute.
    public static let keep = TodoAttributeChange()

    /// A change of the attributes given.
    public init(
        tags: [String]? = nil, project: FieldChange<String> = .keep, priority: FieldChange<TodoPriority> = .keep,
        recurrence: FieldChange<Recurrence> = .keep
    ) {
        self.tags = tags
        self.project = project
        self.priority = priority
        self.recurrence = recurrence
    }

    /// The change a written line names: the tags it names (if it names any), and each other
    /// attribute it names; for a whole line (``TodoLine/isWhole``), exactly its attributes.
    public init(_ line: TodoLine) {
        if line.isWhole {
            self.init(replacingWith: TodoAttributes(line))
            return
        }
        self.init(
            tags: line.tags.isEmpty ? nil : line.tags, project: line.project, priority: line.priority,
            recurrence: line.recurrence)
    }

    /// The change that turns `old` into `new`, naming only the attributes that differ: one that
    /// another writer changed meanwhile, and this change leaves alone, is kept.
    public init(from old: TodoAttributes, to new: TodoAttributes) {
        self.init(
            tags: old.tags == new.tags ? nil : new.tags,
            project: old.project == new.project ? .keep : new.project.map(FieldChange.set) ?? .remove,
            priority: old.priority == new.priority ? .keep : new.priority.map(FieldChange.set) ?? .remove,
            recurrence: old.recurrence == new.recurrence ? .keep : new.recurrence.map(FieldChange.set) ?? .remove)
    }

    /// The change that makes a todo's attributes exactly `attributes`.
    public init(replacingWith attributes: TodoAttributes) {
        self.init(
            tags: attributes.tags, project: attributes.project.map(FieldChange.set) ?? .remove,
            priority: attributes.priority.map(FieldChange.set) ?? .remove,
            recurrence: attributes.recurrence.map(FieldChange.set) ?? .remove)
    }
}
