/// How a cell looks: foreground and background colour and text attributes.
@frozen
public struct Style: Hashable, Sendable {
    /// Text attributes that can be combined.
    @frozen
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8

        /// Creates attributes from raw bits.
        @inlinable
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bold (or bright) text.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Dim (faint) text.
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Underlined text.
        public static let underline = Attributes(rawValue: 1 << 2)
        /// Foreground and background swapped; used for the selection, so it survives
        /// monochrome terminals.
        public static let reverse = Attributes(rawValue: 1 << 3)
        /// Italic text. A terminal without italics shows it plain or, like some of the
        /// older ones, in reverse; use it for emphasis that may go unseen.
        public static let italic = Attributes(rawValue: 1 << 4)
    }

    /// The text colour.
    public var foreground: Color
    /// The background colour.
    public var background: Color
    /// Bold, dim, underline, reverse, italic.
    public var attributes: Attributes

    /// A style; by default the terminal's own colours with no attributes.
    @inlinable
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(attributes: .bold)
    /// Dim text.
    public static let dim = Style(attributes: .dim)
    /// Reverse video, the usual selection highlight.
    public static let reverse = Style(attributes: .reverse)

    /// The style with colours removed when `support` is monochrome; attributes stay.
    @inlinable
    public func adapted(to support: ColorSupport) -> Style {
        support == .monochrome ? Style(attributes: attributes) : self
    }
}
