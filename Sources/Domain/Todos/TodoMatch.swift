/// A list's search split into what it asks of a todo's attributes and the words it searches
/// for: `+work -errand project:home pri:H paint` shows the todos tagged `work` and not
/// `errand`, in the project `home` (or a sub-project of it, `home.garden`), of high priority,
/// with a word starting "paint".
///
/// The app's search line and `rivulet list` read a search this way. A word that is not a
/// well-formed attribute (`pri:X`, `project:`) is searched for as a word; ``problems`` names
/// them, for the command line to refuse.
public struct TodoMatch: Sendable, Hashable {
    /// Tags every shown todo has.
    public var tags: [String]
    /// Tags no shown todo has (`-errand`).
    public var excludedTags: [String] = []
    /// The project every shown todo is in, or in a sub-project of.
    public var project: String?
    /// The priority every shown todo has.
    public var priority: TodoPriority?
    /// The words searched for in titles and notes (``SearchTerms``).
    public var text: String
    /// The attribute words that could not be read, each as one sentence.
    public var problems: [String]

    /// A match of `tags`, `project`, `priority` and `text`.
    public init(
        tags: [String] = [], project: String? = nil, priority: TodoPriority? = nil, text: String = "",
        problems: [String] = []
    ) {
        self.tags = tags
        self.project = project
        self.priority = priority
        self.text = text
        self.problems = problems
    }

    /// The match `search` writes.
    public init(search: String) {
        self.init()
        var words: [Substring] = []
        var rewritten = false
        for word in search.split(whereSeparator: \.isWhitespace) {
            if let tag = TodoLine.tagName(word) {
                if !tags.contains(tag) { tags.append(tag) }
                rewritten = true
                continue
            }
            if word.first == "-", TodoLine.isTagName(word.dropFirst()) {
                let tag = String(word.dropFirst())
                if !excludedTags.contains(tag) { excludedTags.append(tag) }
                rewritten = true
                continue
            }
            if word.first == "-", TodoLine.isAttributeWord(word.dropFirst()) {
                problems.append("“\(word)” cannot be left out: only a tag can, as -TAG.")
            }
            if word.first == "\\", TodoLine.isAttributeWord(word.dropFirst()) {
                words.append(word.dropFirst())
                rewritten = true
                continue
            }
            guard let colon = word.firstIndex(of: ":"), let key = TodoLine.Key(word[..<colon]) else {
                words.append(word)
                continue
            }
            let value = String(word[word.index(after: colon)...])
            switch key {
            case .project where !value.isEmpty:
                project = value
                rewritten = true
            case .priority where TodoPriority(written: value) != nil:
                priority = TodoPriority(written: value)
                rewritten = true
            case .priority:
                problems.append("“\(word)” is not a priority; write pri:H, pri:M or pri:L.")
                words.append(word)
            default:
                problems.append(
                    "'\(word)' cannot be searched for; a list is narrowed by +tag, project:NAME or pri:H|M|L.")
                words.append(word)
            }
        }
        text = rewritten ? words.joined(separator: " ") : search
    }

    /// Whether it asks anything of a todo's attributes.
    public var hasAttributes: Bool {
        !tags.isEmpty || !excludedTags.isEmpty || project != nil || priority != nil
    }

    /// Whether a todo with these attributes and text is shown.
    public func admits(
        title: String, notes: String = "", tags: [String], project: String?, priority: TodoPriority?
    )
        -> Bool
    {
        guard self.tags.allSatisfy(tags.contains), !excludedTags.contains(where: tags.contains) else { return false }
        if let wanted = self.project {
            guard let project, project == wanted || project.hasPrefix(wanted + ".") else { return false }
        }
        if let wanted = self.priority, priority != wanted { return false }
        return SearchTerms.find(text, in: notes.isEmpty ? title : title + "\n" + notes)
    }

    /// Whether a new todo written as `line` is shown: its title and attributes (it has no notes).
    public func admits(_ line: TodoLine) -> Bool {
        let attributes = TodoAttributes(line)
        return admits(
            title: line.title, tags: attributes.tags, project: attributes.project, priority: attributes.priority)
    }
}
