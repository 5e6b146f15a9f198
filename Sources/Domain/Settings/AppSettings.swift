import Foundation

/// What a person sets in the settings file (`$XDG_CONFIG_HOME/rivulet/config`): one setting a
/// line, written `name = value`, as `.gitconfig`, `.taskrc` and most Unix tools' files have
/// them. `#` starts a comment; blank lines are skipped; a value may be quoted with `"` to keep
/// spaces at its ends or a `#`.
///
/// ```
/// # ~/.config/rivulet/config
/// browser = firefox --new-tab %s
/// refresh-every = 60        # minutes; 0 never
/// refresh-on-start = no
/// download-folder = ~/Podcasts
/// ```
///
/// Reading never fails: a line that is not a setting, an unknown name or a value out of range
/// is reported with its line number and skipped, and the other lines still count, so a
/// mistake never keeps the app from starting. A setting written twice takes the later value.
public struct AppSettings: Sendable, Hashable {
    /// The command that opens a web address (`%s` stands for the address, which otherwise comes
    /// last); it takes the place of `$BROWSER`.
    public var browser: String?
    /// Minutes between two automatic fetches of every feed, 0 for never.
    public var refreshEveryMinutes: Int?
    /// Whether every feed is fetched when the app starts.
    public var refreshOnStart: Bool?
    /// The folder enclosures are downloaded into, absolute or under `~`, as written.
    public var downloadFolder: String?

    /// No setting given.
    public init(browser: String? = nil, refreshEveryMinutes: Int? = nil, refreshOnStart: Bool? = nil) {
        self.browser = browser
        self.refreshEveryMinutes = refreshEveryMinutes
        self.refreshOnStart = refreshOnStart
    }

    /// The names the file knows, in the order the messages list them.
    public static let names = ["browser", "refresh-every", "refresh-on-start", "download-folder"]

    /// The most minutes `refresh-every` takes: a week.
    public static let longestRefreshMinutes = 7 * 24 * 60

    /// The settings `text` gives, and a sentence for each line that gives none, naming the line.
    public static func parse(_ text: String) -> (settings: AppSettings, problems: [String]) {
        var settings = AppSettings()
        var problems: [String] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            switch line(String(raw)) {
            case nil: continue
            case .failure(let problem): problems.append("line \(number): \(problem)")
            case .success(let (name, value)):
                if let problem = settings.set(name, to: value) { problems.append("line \(number): \(problem)") }
            }
        }
        return (settings, problems)
    }

    /// A line's name and value; `nil` for a blank line or a comment.
    private static func line(_ raw: String) -> Result<(String, String), SettingsProblem>? {
        let text = withoutComment(raw).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(SettingsProblem("a setting is written name = value, which “\(text)” is not."))
        }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        var value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return .success((name, value))
    }

    /// `raw` up to a `#` that is outside quotes.
    private static func withoutComment(_ raw: String) -> String {
        var isQuoted = false
        for (offset, character) in raw.enumerated() {
            if character == "\"" { isQuoted.toggle() }
            if character == "#", !isQuoted { return String(raw.prefix(offset)) }
        }
        return raw
    }

    /// Sets `name` to `value`, or says why it cannot.
    private mutating func set(_ name: String, to value: String) -> SettingsProblem? {
        switch name {
        case "browser":
            guard !value.isEmpty else { return SettingsProblem("browser needs a command, such as firefox %s.") }
            browser = value
        case "refresh-every":
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let minutes = Int(value),
                minutes <= Self.longestRefreshMinutes
            else {
                return SettingsProblem(
                    "refresh-every is whole minutes from 0 (never) to \(Self.longestRefreshMinutes), not “\(value)”.")
            }
            refreshEveryMinutes = minutes
        case "refresh-on-start":
            switch value.lowercased() {
            case "yes", "true", "on": refreshOnStart = true
            case "no", "false", "off": refreshOnStart = false
            default: return SettingsProblem("refresh-on-start is yes or no, not “\(value)”.")
            }
        case "download-folder":
            guard value.hasPrefix("/") || value == "~" || value.hasPrefix("~/") else {
                return SettingsProblem("download-folder is a folder's path from / or ~, not “\(value)”.")
            }
            downloadFolder = value
        default:
            return SettingsProblem(
                "there is no setting “\(name)”; the settings are " + Self.names.joined(separator: ", ") + ".")
        }
        return nil
    }
}

/// Why a line of the settings file sets nothing, as a sentence.
struct SettingsProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
