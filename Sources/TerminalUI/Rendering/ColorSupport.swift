#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// The colour support an environment asks for.
    public static func detect(environment: [String: String]) -> ColorSupport {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if environment["TERM"] == "dumb" { return .monochrome }
        return .colors256
    }

    /// The colour support this process's environment asks for.
    public static func detect() -> ColorSupport {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return detect(environment: environment)
    }
}
