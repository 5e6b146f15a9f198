/// How much colour the output may use.
///
/// `NO_COLOR` set to anything non-empty (see no-color.org) and `TERM=dumb` mean monochrome:
/// colours are dropped, while bold, dim, underline and reverse stay, so the selection still
/// shows.
public enum ColorSupport: Hashable, Sendable {
    /// No colours; text attributes only.
    case monochrome
    /// The 16 ANSI colours and the 256 indexed colours.
    case colors256

    /// The colour support an environment asks for. The toolkit never reads the process's
    /// environment itself: an app passes it in, so that tests and embedders decide.
    ///
    /// ```swift
    /// let colors = ColorSupport.detect(environment: ProcessInfo.processInfo.environment)
    /// ```
    public static func detect(environment: [String: String]) -> ColorSupport {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if environment["TERM"] == "dumb" { return .monochrome }
        return .colors256
    }
}
