/// An action that a scene's words can name, where a front end shows whatever does it: the
/// terminal app its key, a graphical one its button.
package enum NamedAction: Sendable, Hashable, CaseIterable {
    /// Add a todo or a feed.
    case add
    /// Undo the last change.
    case undo
    /// Redo the last change undone.
    case redo
    /// Use the next order.
    case changeOrder
    /// Show the next filter.
    case changeFilter
    /// Search.
    case search
    /// Clear the search kept.
    case clearSearch
    /// Delete the done todos shown.
    case clearCompleted
    /// Go back.
    case back
    /// List every item, not only the unread ones.
    case showAll
    /// Download a feed again.
    case refresh
    /// Download an item's enclosure.
    case download
}

/// Words for the person that may name actions, not keys: a view model writes
/// `"Undid: add “Milk”. \(.redo) redoes it."`, and a front end shows each action the way it is
/// done there (the terminal app: "Undid: add “Milk”. Ctrl-R redoes it.").
package struct ActionText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A run of words, or an action named.
    package enum Part: Sendable, Hashable {
        /// Words as they are.
        case words(String)
        /// An action, to be named by the front end.
        case action(NamedAction)
    }

    /// The words and actions, in order.
    package private(set) var parts: [Part]

    /// Words that name no action.
    package init(_ words: String) { parts = words.isEmpty ? [] : [.words(words)] }

    package init(stringLiteral value: String) { self.init(value) }

    package init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// The text, with each action named by `name` (the key that does it, for a terminal).
    package func text(naming name: (NamedAction) -> String) -> String {
        parts.map { part in
            switch part {
            case .words(let words): words
            case .action(let action): name(action)
            }
        }.joined()
    }

    /// The text with each action in angle brackets (`<redo>`), for logs and test failures.
    package var description: String { text { "<\($0)>" } }

    /// Whether there are no words at all.
    package var isEmpty: Bool { parts.isEmpty }

    /// Builds an ``ActionText`` from a string literal with interpolated actions and values.
    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        /// Names `action` here.
        package mutating func appendInterpolation(_ action: NamedAction) {
            parts.append(.action(action))
        }

        /// Writes `value` here, as `String(describing:)` does.
        package mutating func appendInterpolation(_ value: some Any) {
            append(String(describing: value))
        }

        private mutating func append(_ words: String) {
            guard !words.isEmpty else { return }
            if case .words(let before) = parts.last {
                parts[parts.count - 1] = .words(before + words)
            } else {
                parts.append(.words(words))
            }
        }
    }
}

extension ActionText {
    /// These words followed by `other`.
    package static func + (text: ActionText, other: ActionText) -> ActionText {
        var joined = text
        for part in other.parts {
            switch (joined.parts.last, part) {
            case (.words(let before), .words(let after)): joined.parts[joined.parts.count - 1] = .words(before + after)
            default: joined.parts.append(part)
            }
        }
        return joined
    }
}
