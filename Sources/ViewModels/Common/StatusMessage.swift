package import Streams

/// What a scene's status line says for a while in place of its key hints: a notice on what was
/// just done ("Undid: add “Milk”."), or an error.
///
/// A message goes at the next key or after its ``duration``, whichever comes first, and the
/// key hints come back. A question waiting for yes or no is not a message: it stays until it
/// is answered.
package struct StatusMessage: Sendable, Hashable {
    /// What kind of message it is.
    package enum Kind: Sendable, Hashable {
        /// What was just done, or why nothing was.
        case notice
        /// Something failed.
        case error
    }

    /// The words, which may name actions.
    package var text: ActionText
    /// Notice or error.
    package var kind: Kind

    /// Creates a message.
    package init(_ text: ActionText, kind: Kind) {
        self.text = text
        self.kind = kind
    }

    /// How long a notice stays without a key: a short sentence on what was just done is read
    /// in a second or two, and most people press the next key before this.
    package static let noticeDuration = SchedulerDuration.seconds(4)
    /// How long an error stays without a key: twice a notice's, as an error is longer (what
    /// failed, and why) and must still be there when someone looks back from elsewhere.
    package static let errorDuration = SchedulerDuration.seconds(8)

    /// How long this message stays without a key.
    package var duration: SchedulerDuration { kind == .error ? Self.errorDuration : Self.noticeDuration }
}

/// The status line's message of a scene, if any. Each message shown has an identity of its
/// own, so each starts its own timeout, even when its text is the same as the last one's.
package struct StatusMessageSlot: Sendable, Hashable {
    /// When a message shown goes by itself: which message, and after how long.
    package struct Expiry: Sendable, Hashable {
        /// Which of the messages shown in this slot (the first is 1).
        package let message: Int
        /// How long it stays without a key.
        package let after: SchedulerDuration
    }

    /// The message shown, if any.
    package private(set) var current: StatusMessage?
    /// How many messages have been shown: the identity of the current one.
    private var shown: Int

    /// An empty slot.
    package init() {
        current = nil
        shown = 0
    }

    /// The error shown, if the message is one.
    package var error: ActionText? { current?.kind == .error ? current?.text : nil }

    /// The notice shown, if the message is one.
    package var notice: ActionText? { current?.kind == .notice ? current?.text : nil }

    /// When the message shown goes by itself; `nil` when none is shown.
    package var expiry: Expiry? { current.map { Expiry(message: shown, after: $0.duration) } }

    /// Shows `text` as a message of `kind`, replacing the one shown.
    mutating func show(_ text: ActionText, _ kind: StatusMessage.Kind) {
        current = StatusMessage(text, kind: kind)
        shown += 1
    }

    /// Shows `text`, words that name no action, as a message of `kind`.
    mutating func show(_ text: String, _ kind: StatusMessage.Kind) { show(ActionText(text), kind) }

    /// A key was pressed: the message goes.
    mutating func dismiss() { current = nil }

    /// A message's time ran out: it goes, unless a newer one replaced it.
    mutating func expire(_ expiry: Expiry) { if expiry.message == shown { current = nil } }
}

/// A scene's screen whose status line shows messages that go away.
package protocol ShowsStatusMessages {
    /// The status line's message.
    var status: StatusMessageSlot { get }
}

extension ShowsStatusMessages {
    /// The failure shown, if the status line shows one.
    package var errorMessage: ActionText? { status.error }
    /// The notice shown (what was just done, or why nothing was), if the status line shows one.
    package var message: ActionText? { status.notice }
}

extension Feedback where State: ShowsStatusMessages {
    /// Times out the status line's message: once a message has been shown for its
    /// ``StatusMessage/duration`` on `scheduler` (virtual time in tests), `expired` of it is sent;
    /// a key that dismissed it, or a newer message, cancels that. The reducer answers with
    /// ``StatusMessageSlot/expire(_:)``.
    static func expiringMessages(
        on scheduler: any Scheduler, as expired: @escaping @Sendable (StatusMessageSlot.Expiry) -> Event
    ) -> Feedback {
        .react(
            request: { $0.status.expiry },
            effects: { expiry in Observable.just(expired(expiry)).delay(expiry.after, scheduler: scheduler) })
    }
}
