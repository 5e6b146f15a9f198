import Domain

/// A failure a scene can show, never a crash: a case a view model can match on, and, in
/// ``message``, the one place where the scene layer words it for people.
package enum SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stored data could not be read or written; the database's reason, already in words.
    case storage(String)
    /// A feed or a subscription list could not be fetched, read or imported; the reason, in words.
    case feed(String)
    /// What the person acted on no longer exists: removed meanwhile, perhaps by another process.
    case gone(Gone)
    /// The list changed while a move was under way.
    case listChanged
    /// Another process changed the todo being saved, in a field this save changes, since it was
    /// loaded; nothing was saved. The todo as it is now.
    case changedElsewhere(Todo)
    /// A link could not be opened, or there is none to open.
    case link(LinkProblem)
    /// The import was asked for without the path of a file.
    case noImportPath
    /// The network is switched off (the offline scenario).
    case offline
    /// A file could not be downloaded; the reason, in words.
    case download(String)
    /// A failure that no other case names (an observable's own error), in words.
    case unexpected(String)

    /// What no longer exists.
    package enum Gone: Sendable, Hashable {
        /// The todo being changed.
        case todo
        /// The feed being refreshed.
        case feed
        /// The feed item being acted on (no longer in the list shown).
        case item
    }

    /// Why a link was not opened.
    package enum LinkProblem: Sendable, Hashable {
        /// The address is not `http` or `https` (the address).
        case notWeb(String)
        /// Neither `BROWSER` nor the platform names a program to open links with.
        case noOpener
        /// The program named to open links is not on the `PATH` (the program).
        case openerNotFound(String)
        /// The program could not be started (the program, and the system's reason).
        case openerFailed(String, reason: String)
        /// The item has no link of its own.
        case noLink
        /// The item has no numbered link `number`; it has `count`.
        case noNumberedLink(number: Int, count: Int)
    }

    /// ``message`` as the rest of a sentence that `prefix` begins: `Could not save: this todo no
    /// longer exists.` (a first word in capitals, such as `GET`, keeps them).
    package func message(after prefix: String) -> String {
        "\(prefix): \(Wording.continuing(message))"
    }

    /// What went wrong, in words a person can act on.
    package var message: String {
        switch self {
        // A reason may name a feed's address, and an address may carry a password.
        case .storage(let reason), .feed(let reason), .download(let reason), .unexpected(let reason):
            FeedURLRule.hidingPasswords(in: reason)
        case .gone(.todo): "This todo no longer exists."
        case .gone(.feed): "This feed was removed."
        case .gone(.item): "That item is no longer shown; open it again."
        case .listChanged: "The list changed; try the move again."
        case .changedElsewhere(let todo):
            "This todo was changed elsewhere meanwhile; it now reads “\(todo.title)”."
        case .link(let problem): Self.words(for: problem)
        case .noImportPath: "Type the path of an OPML file."
        case .offline: "The network is unavailable (offline); stored items stay readable."
        }
    }

    /// The message.
    package var description: String { message }

    private static func words(for problem: LinkProblem) -> String {
        switch problem {
        case .notWeb(let url): "The link \(url) is not a web address (http or https), so it was not opened."
        case .noOpener: "No program to open links with: set BROWSER to your browser."
        case .openerNotFound(let program):
            "Could not open the link: \(program) was not found; set BROWSER to your browser."
        case .openerFailed(let program, let reason): "Could not open the link with \(program): \(reason)."
        case .noLink: "This item has no link to open."
        case .noNumberedLink(let number, let count):
            "There is no link [\(number)]: this item has "
                + (count == 0 ? "no numbered links" : count == 1 ? "one link, [1]" : "links [1] to [\(count)]") + "."
        }
    }
}
