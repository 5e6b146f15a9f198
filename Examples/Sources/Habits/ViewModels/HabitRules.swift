import Foundation

/// What every scene that names or checks in a habit says the same way: one place for the rule
/// on names and for the words of a check-in.
public enum HabitRules {
    /// The most characters a habit's name has; the front end's text field holds no more.
    public static let maximumNameLength = 100

    /// What the status line says when typing or pasting into a prompt went past
    /// ``maximumNameLength``.
    public static let textCutShort = "At most \(maximumNameLength) characters fit; the rest was left out."

    /// Why a (trimmed) name cannot be a habit's, or `nil` when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "A habit needs a name." }
        if name.count > maximumNameLength { return "A habit's name has at most \(maximumNameLength) characters." }
        return nil
    }

    /// Closes the prompt and returns its text, trimmed, when it is a valid name; otherwise
    /// `nil`, and `message` says why.
    static func submitName(_ draft: inout Draft?, message: inout String?) -> String? {
        let name = (draft?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        draft = nil
        message = problem(withName: name)
        return message == nil ? name : nil
    }

    /// What the status line says after marking a habit done today (`isDone`), or taking that
    /// back, ended with `result`.
    static func checkInMessage(isDone: Bool, _ result: Result<Bool, HabitsError>) -> String {
        switch (isDone, result) {
        case (true, .success(true)): "Checked in for today."
        case (true, .success(false)): "Already checked in today."
        case (false, .success(true)): "Today's check-in taken back."
        case (false, .success(false)): "Not checked in today."
        case (true, .failure(let error)): "Could not check in: \(error.message)"
        case (false, .failure(let error)): "Could not take the check-in back: \(error.message)"
        }
    }
}
