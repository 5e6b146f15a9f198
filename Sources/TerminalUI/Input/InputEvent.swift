/// Something the user did at the terminal: a key, a bracketed paste, or a resize.
///
/// ``KeyParser`` produces `.key` and `.paste`; the run loop adds `.resize` when the window
/// size changes.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// Text pasted as one block (bracketed paste), exactly as received; sanitize before display.
    case paste(String)
    /// The terminal now has this size.
    case resize(TerminalSize)
}
