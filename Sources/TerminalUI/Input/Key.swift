/// A key press decoded from the terminal's byte stream: what was pressed, and with which
/// modifiers.
///
/// Control letters arrive as the letter with ``Modifiers/control`` (Ctrl-C is
/// `Key(.character("c"), modifiers: .control)`), Alt combinations carry ``Modifiers/alt``.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The key itself, without modifiers.
    public enum Code: Hashable, Sendable {
        /// A printable character (for Ctrl and Alt combinations, the base character).
        case character(Character)
        /// Enter or Return.
        case enter
        /// Tab (Shift-Tab is `.tab` with ``Modifiers/shift``).
        case tab
        /// Backspace (DEL or BS).
        case backspace
        /// A lone Escape.
        case escape
        /// Arrow up.
        case up
        /// Arrow down.
        case down
        /// Arrow left.
        case left
        /// Arrow right.
        case right
        /// Home.
        case home
        /// End.
        case end
        /// Page up.
        case pageUp
        /// Page down.
        case pageDown
        /// Insert.
        case insert
        /// Delete (forward delete).
        case delete
        /// A function key, F1 to F12.
        case function(Int)
    }

    /// Modifier keys held with a key.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8

        /// Creates modifiers from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Shift.
        public static let shift = Modifiers(rawValue: 1)
        /// Alt (Meta, Option).
        public static let alt = Modifiers(rawValue: 2)
        /// Control.
        public static let control = Modifiers(rawValue: 4)
    }

    /// The key without modifiers.
    public var code: Code
    /// The modifiers held.
    public var modifiers: Modifiers

    /// A key with optional modifiers.
    public init(_ code: Code, modifiers: Modifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// A printable character without modifiers.
    public static func character(_ character: Character) -> Key { Key(.character(character)) }

    /// A control combination, such as `Key.control("c")` for Ctrl-C.
    public static func control(_ character: Character) -> Key { Key(.character(character), modifiers: .control) }

    /// An Alt combination, such as `Key.alt("x")`.
    public static func alt(_ character: Character) -> Key { Key(.character(character), modifiers: .alt) }

    /// A readable name such as `"ctrl+c"`, `"alt+shift+up"` or `"F5"`, for key-help lines and
    /// test failures.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.alt) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        parts.append(Key.name(of: code))
        return parts.joined(separator: "+")
    }

    private static func name(of code: Code) -> String {
        switch code {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .enter: "enter"
        case .tab: "tab"
        case .backspace: "backspace"
        case .escape: "esc"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .insert: "insert"
        case .delete: "delete"
        case .function(let number): "F\(number)"
        }
    }
}
