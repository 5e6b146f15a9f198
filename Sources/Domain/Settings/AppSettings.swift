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
/// accent = #d75f00          # a name (magenta), #RRGGBB or 0-255
/// bind-key x delete         # newsboat's form: KEY ACTION [SCENE]
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
    /// The colour that marks what stands out (keys in help, headings in the reader), as an
    /// index of the terminal's 256 colours: 0–15 are the ANSI colours the names give.
    public var accentColor: Int?
    /// The keys bound to actions, in the file's order: a later binding of a key wins.
    public var keyBindings: [KeyBinding]

    /// No setting given.
    public init(
        browser: String? = nil, refreshEveryMinutes: Int? = nil, refreshOnStart: Bool? = nil,
        downloadFolder: String? = nil, accentColor: Int? = nil, keyBindings: [KeyBinding] = []
    ) {
        self.browser = browser
        self.refreshEveryMinutes = refreshEveryMinutes
        self.refreshOnStart = refreshOnStart
        self.downloadFolder = downloadFolder
        self.accentColor = accentColor
        self.keyBindings = keyBindings
    }

    /// The names the file knows, in the order the messages list them.
    public static let names = ["browser", "refresh-every", "refresh-on-start", "download-folder", "accent", "bind-key"]

    /// The colour names `accent` takes, in the order of their indexes: 0–7, then the bright
    /// ones 8–15.
    public static let colorNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan",
        "bright-white",
    ]

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
        // Its key may be `=` or `#`, so a binding is read before looking for either.
        if let space = text.firstIndex(where: \.isWhitespace), text[..<space].lowercased() == "bind-key" {
            return .success(("bind-key", text[space...].trimmingCharacters(in: .whitespaces)))
        }
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

    /// `raw` up to a `#` that is outside quotes and does not start a colour (`#RRGGBB`).
    private static func withoutComment(_ raw: String) -> String {
        var isQuoted = false
        let characters = Array(raw)
        for (offset, character) in characters.enumerated() {
            if character == "\"" { isQuoted.toggle() }
            if character == "#", !isQuoted, !isColor(characters[(offset + 1)...]) {
                return String(characters[..<offset])
            }
        }
        return raw
    }

    /// Whether `rest` starts with six hexadecimal digits that end a word.
    private static func isColor(_ rest: ArraySlice<Character>) -> Bool {
        rest.prefix(6).count == 6 && rest.prefix(6).allSatisfy(\.isHexDigit)
            && (rest.count == 6 || rest.dropFirst(6).first?.isWhitespace == true)
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
        case "accent":
            guard let index = Self.colorIndex(value) else {
                return SettingsProblem(
                    "accent is a colour name (such as cyan or bright-magenta), #RRGGBB or 0 to 255, not “\(value)”.")
            }
            accentColor = index
        case "bind-key":
            let words = value.split(whereSeparator: \.isWhitespace).map { word in
                word.count == 3 && word.hasPrefix("\"") && word.hasSuffix("\"") ? word.dropFirst().dropLast() : word
            }
            switch KeyBinding.parse(words) {
            case .success(let binding): keyBindings.append(binding)
            case .failure(let problem): return problem
            }
        default:
            return SettingsProblem(
                "there is no setting “\(name)”; the settings are " + Self.names.joined(separator: ", ") + ".")
        }
        return nil
    }
}

extension AppSettings {
    /// The index among the terminal's 256 colours that `text` names: a name of
    /// ``colorNames``, a number from 0 to 255, or `#RRGGBB` as the nearest of the 240 colours
    /// above 15 (the 6×6×6 cube and the greys).
    static func colorIndex(_ text: String) -> Int? {
        let lowered = text.lowercased()
        if let index = colorNames.firstIndex(of: lowered) { return index }
        if lowered.allSatisfy({ $0.isASCII && $0.isNumber }), lowered.count <= 3, let index = Int(lowered),
            index <= 255
        {
            return index
        }
        guard lowered.count == 7, lowered.hasPrefix("#"), lowered.dropFirst().allSatisfy(\.isHexDigit),
            let rgb = Int(lowered.dropFirst(), radix: 16)
        else { return nil }
        let channels = [rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff]
        // The cube's levels are 0, 95, 135, 175, 215, 255; the greys 8, 18, … 238.
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
        }
        let cube = channels.map(nearestLevel)
        let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
        let cubeDistance = zip(channels, cube).reduce(0) { $0 + ($1.0 - levels[$1.1]) * ($1.0 - levels[$1.1]) }
        let average = channels.reduce(0, +) / 3
        let grey = min(max((average - 8 + 5) / 10, 0), 23)
        let greyValue = 8 + 10 * grey
        let greyDistance = channels.reduce(0) { $0 + ($1 - greyValue) * ($1 - greyValue) }
        return greyDistance < cubeDistance ? 232 + grey : cubeIndex
    }
}

/// Why a line of the settings file sets nothing, as a sentence.
struct SettingsProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
