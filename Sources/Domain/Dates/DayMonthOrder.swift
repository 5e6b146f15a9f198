/// Which number comes first in a short date such as `24/12` or `12/24`.
///
/// The order is the person's locale's, read from the environment as POSIX programs read it:
/// the first non-empty of `LC_ALL`, `LC_TIME` and `LANG` names the locale (`en_US.UTF-8`), and
/// its region decides. The United States and the places that write dates as it does put the
/// month first; every other region, and no locale, `C` or `POSIX`, put the day first, as most of
/// the world does. ISO dates (`2026-12-24`) read the same everywhere.
public enum DayMonthOrder: String, Hashable, Sendable, CaseIterable {
    /// `24/12`: day, then month.
    case dayFirst
    /// `12/24`: month, then day.
    case monthFirst

    /// Regions that write the month first: the United States and its territories, and the
    /// Federated States of Micronesia, the Marshall Islands, Palau and the Philippines.
    static let monthFirstRegions: Set<String> = ["US", "AS", "GU", "MP", "PR", "UM", "VI", "FM", "MH", "PW", "PH"]

    /// The order of the locale `environment` names (see ``DayMonthOrder``).
    public static func of(environment: [String: String]) -> DayMonthOrder {
        let locale = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // language[_REGION][.codeset][@modifier]
        let name = locale.split(separator: ".").first.map { $0.split(separator: "@").first ?? $0 } ?? ""
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count >= 2, let region = parts.last else { return .dayFirst }
        return monthFirstRegions.contains(region.uppercased()) ? .monthFirst : .dayFirst
    }

    /// How a short date is written in this order, for messages: `DD/MM`.
    public var pattern: String {
        switch self {
        case .dayFirst: "DD/MM"
        case .monthFirst: "MM/DD"
        }
    }
}
