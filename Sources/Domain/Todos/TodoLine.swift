/// A todo as a person writes it on one line: a title with attributes among its words, the way
/// taskwarrior and todo.txt users write them.
///
/// - `+word` is a tag (a letter, then letters, digits, `-` or `_`: `+home`, `+q3-report`);
/// - `project:name` (or `proj:`) is the project; a dotted name is a sub-project
///   (`project:home.garden`);
/// - `pri:H`, `pri:M`, `pri:L` (or `priority:`, any case, also `high`, `medium`, `low`) is the
///   priority;
/// - `due:WHEN` is the due day, in any form ``DueDayParser`` reads (`due:fri`, `due:2026-12-24`,
///   `due:next week`);
/// - `recur:daily|weekly|monthly|yearly` (or `recur:every 3 days`) repeats the todo from its due
///   day (see ``Recurrence``).
///
/// Every other word is the title's, unknown `name:value` words included (`Call at 10:30`,
/// `read https://example.com`), as taskwarrior treats them. A word that would be read as an
/// attribute is written as title text with a backslash before it: `Learn \+word syntax` has
/// the title "Learn +word syntax". An attribute given with no value (`project:`, `pri:`,
/// `due:`, `recur:`) takes that attribute away where a line changes a todo.
///
/// ```swift
/// let parser = DueDayParser(today: DueDay(year: 2026, month: 11, day: 26)!, order: .dayFirst)
/// let line = try TodoLine.parse("Paint the fence +home project:garden pri:H due:fri", dueDays: parser).get()
/// line.title      // "Paint the fence"
/// line.tags       // ["home"]
/// line.priority   // .set(.high)
/// ```
public struct TodoLine: Sendable, Hashable {
    /// The title: the words that are not attributes, as written (escapes removed).
    public var title: String
    /// The tags named, in the order written, each once; empty when none is named.
    public var tags: [String]
    /// The project named.
    public var project: FieldChange<String>
    /// The priority named.
    public var priority: FieldChange<TodoPriority>
    /// The due day named.
    public var due: FieldChange<DueDay>
    /// The recurrence named.
    public var recurrence: FieldChange<Recurrence>
    /// Whether the line writes the whole todo, as the app's rename line does (it starts as the
    /// todo's line): an attribute it does not name is then taken away, not kept.
    public var isWhole = false

    /// A line with this title and the attributes given.
    public init(
        title: String, tags: [String] = [], project: FieldChange<String> = .keep,
        priority: FieldChange<TodoPriority> = .keep, due: FieldChange<DueDay> = .keep,
        recurrence: FieldChange<Recurrence> = .keep
    ) {
        self.title = title
        self.tags = tags
        self.project = project
        self.priority = priority
        self.due = due
        self.recurrence = recurrence
    }

    /// The due day's change: as named, or, for a whole line that names none, taken away.
    public var dueChange: FieldChange<DueDay> {
        isWhole && due == .keep ? .remove : due
    }

    /// Whether the line names any attribute besides its title.
    public var namesAttributes: Bool {
        !tags.isEmpty || project != .keep || priority != .keep || due != .keep || recurrence != .keep
    }

    /// The names an attribute is written with, before its colon, in lower case.
    enum Key: CaseIterable {
        case project, priority, due, recurrence

        init?(_ name: Substring) {
            switch name.lowercased() {
            case "project", "proj": self = .project
            case "pri", "priority": self = .priority
            case "due": self = .due
            case "recur": self = .recurrence
            default: return nil
            }
        }

        /// The name a message writes it with.
        var name: String {
            switch self {
            case .project: "project"
            case .priority: "pri"
            case .due: "due"
            case .recurrence: "recur"
            }
        }

        /// How many words a value may take: a due day or a recurrence may be written as a phrase.
        var maximumWords: Int {
            switch self {
            case .due, .recurrence: 3
            case .project, .priority: 1
            }
        }
    }

    /// The line `text` means, or the one sentence that says what in it cannot be read; due days
    /// are read by `dueDays`. A title is not required here: adding checks it with ``TitleRule``.
    public static func parse(_ text: String, dueDays: DueDayParser) -> Result<TodoLine, TodoLineError> {
        let words = text.split(whereSeparator: \.isWhitespace)
        var line = TodoLine(title: "")
        var titleWords: [Substring] = []
        var rewritten = false
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word.first == "\\", isAttributeWord(word.dropFirst()) {
                titleWords.append(word.dropFirst())
                rewritten = true
            } else if let tag = tagName(word) {
                if !line.tags.contains(tag) { line.tags.append(tag) }
                rewritten = true
            } else if let colon = word.firstIndex(of: ":"), let key = Key(word[..<colon]) {
                let first = word[word.index(after: colon)...]
                let following = words[index...].prefix(key.maximumWords - 1)
                switch read(key, first: first, following: Array(following), dueDays: dueDays, into: &line) {
                case .success(let consumed): index += consumed
                case .failure(let error): return .failure(error)
                }
                rewritten = true
            } else {
                titleWords.append(word)
            }
        }
        if rewritten {
            line.title = titleWords.joined(separator: " ")
        } else {
            line.title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return .success(line)
    }

    /// Reads the value of `key`, written `first` and maybe some of the `following` words, into
    /// `line`; returns how many following words it took.
    private static func read(
        _ key: Key, first: Substring, following: [Substring], dueDays: DueDayParser, into line: inout TodoLine
    ) -> Result<Int, TodoLineError> {
        let written = "\(key.name):\(first)"
        guard !first.isEmpty else {
            switch key {
            case .project: line.project = .remove
            case .priority: line.priority = .remove
            case .due: line.due = .remove
            case .recurrence: line.recurrence = .remove
            }
            return .success(0)
        }
        switch key {
        case .project:
            line.project = .set(String(first))
            return .success(0)
        case .priority:
            guard let priority = TodoPriority(written: String(first)) else {
                return .failure(TodoLineError("“\(written)” is not a priority; write pri:H, pri:M or pri:L."))
            }
            line.priority = .set(priority)
            return .success(0)
        case .due:
            // The shortest phrase that names a day: `due:fri Call` leaves "Call" to the title.
            var firstFailure: DueDayError?
            for extra in 0...following.count {
                let phrase = ([first] + following.prefix(extra)).joined(separator: " ")
                switch dueDays.parse(phrase) {
                case .success(let day):
                    line.due = .set(day)
                    return .success(extra)
                case .failure(let error):
                    if firstFailure == nil { firstFailure = error }
                }
            }
            // The parser's sentence quotes the text it could not read, so it stands alone.
            return .failure(TodoLineError(firstFailure?.message ?? "“\(written)” names no day."))
        case .recurrence:
            var outOfRange: String?
            for extra in 0...following.count {
                // Quotes around a phrase (`recur:'every 3 days'`, as a shell would want it) are no part of it.
                let quotes: Set<Character> = ["'", "\"", "‘", "’", "“", "”"]
                let joined = ([first] + following.prefix(extra)).joined(separator: " ").drop(while: quotes.contains)
                let phrase = String(joined.reversed().drop(while: quotes.contains).reversed())
                if let recurrence = Recurrence(written: phrase) {
                    line.recurrence = .set(recurrence)
                    return .success(extra)
                }
                if outOfRange == nil, Recurrence.hasCountOutOfRange(phrase) { outOfRange = phrase }
            }
            if let outOfRange {
                return .failure(
                    TodoLineError(
                        "In “recur:\(outOfRange)” the number must be from 1 to \(Recurrence.maximumCount)."))
            }
            return .failure(
                TodoLineError(
                    "“\(written)” is not a recurrence; write recur:daily, recur:weekly, recur:monthly, "
                        + "recur:yearly or recur:every 3 days (also weeks, months, years)."))
        }
    }

    /// The tag `word` names (`+home` → `home`), or `nil` when it is no tag.
    static func tagName(_ word: Substring) -> String? {
        guard word.first == "+" else { return nil }
        let name = word.dropFirst()
        return isTagName(name) ? String(name) : nil
    }

    /// Whether `name` may be a tag: a letter, then letters, digits, `-` or `_`.
    public static func isTagName(_ name: some StringProtocol) -> Bool {
        guard let first = name.first, first.isLetter else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// `text` read as the title of a form with a field of its own for the due day (`hasDue`
    /// when that field holds one): a line that names a due day, a recurrence without a due day,
    /// or a title ``TitleRule`` refuses is refused with one sentence.
    public static func parseTitle(
        _ text: String, dueDays: DueDayParser, hasDue: Bool
    ) -> Result<TodoLine, TodoLineError> {
        parse(text, dueDays: dueDays).flatMap { line in
            if line.due != .keep { return .failure(TodoLineError("Write the due day in the Due field.")) }
            if line.recurrence.value != nil, !hasDue {
                return .failure(TodoLineError("A recurring todo needs a due day: fill in the Due field."))
            }
            return TitleRule.problem(with: line.title).map { .failure(TodoLineError($0)) } ?? .success(line)
        }
    }

    /// Whether `word` would be read as an attribute, so a title writes it escaped.
    static func isAttributeWord(_ word: Substring) -> Bool {
        if tagName(word) != nil { return true }
        if word.first == "\\" { return isAttributeWord(word.dropFirst()) }
        guard let colon = word.firstIndex(of: ":") else { return false }
        return Key(word[..<colon]) != nil
    }

    /// `title` written so that ``parse(_:dueDays:)`` reads it back as that title: each word that
    /// would be an attribute gets a backslash.
    public static func escaped(_ title: String) -> String {
        // Words as ``parse(_:dueDays:)`` splits them (at any white space), the spaces kept.
        var written = ""
        var word = ""
        for character in title {
            guard character.isWhitespace else {
                word.append(character)
                continue
            }
            written += escapedWord(word) + String(character)
            word = ""
        }
        return written + escapedWord(word)
    }

    private static func escapedWord(_ word: String) -> String {
        isAttributeWord(Substring(word)) ? "\\" + word : word
    }

    /// A todo's whole line: its title (escaped), then its attributes and due day, as
    /// ``parse(_:dueDays:)`` reads them back.
    public static func written(title: String, attributes: TodoAttributes, due: DueDay?) -> String {
        let rest = written(attributes, due: due)
        return rest.isEmpty ? escaped(title) : escaped(title) + " " + rest
    }

    /// A todo's attributes (and due day, if given) as a line writes them: `+home project:garden
    /// pri:H due:2026-12-24 recur:weekly`; empty when there are none.
    public static func written(_ attributes: TodoAttributes, due: DueDay? = nil) -> String {
        var parts = attributes.tags.map { "+" + $0 }
        if let project = attributes.project { parts.append("project:" + project) }
        if let priority = attributes.priority { parts.append("pri:" + priority.rawValue) }
        if let due { parts.append("due:\(due)") }
        if let recurrence = attributes.recurrence { parts.append("recur:" + recurrence.written) }
        return parts.joined(separator: " ")
    }
}

/// Why a todo line cannot be read, as one sentence for the person who wrote it.
public struct TodoLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The sentence.
    public var description: String { message }
}
