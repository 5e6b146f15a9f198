public import Foundation

/// Where downloads go unless a person names a folder: the XDG user download directory.
///
/// `$XDG_DOWNLOAD_DIR` when set, else the `XDG_DOWNLOAD_DIR` line of `xdg-user-dirs`' file
/// (`$XDG_CONFIG_HOME/user-dirs.dirs`, else `~/.config/user-dirs.dirs`), else `~/Downloads`.
public enum DownloadFolder {
    /// The user download directory `environment` names, read as described above.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        if let given = environment["XDG_DOWNLOAD_DIR"], !given.isEmpty { return expanded(given, home: home) }
        let configuration =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        if let data = FileManager.default.contents(atPath: configuration + "/user-dirs.dirs"), data.count < 100_000,
            let folder = userDirsEntry(String(decoding: data, as: UTF8.self), home: home)
        {
            return folder
        }
        return home + "/Downloads"
    }

    /// The `XDG_DOWNLOAD_DIR` of a `user-dirs.dirs` file: `XDG_DOWNLOAD_DIR="$HOME/Downloads"`,
    /// a shell assignment whose value is `$HOME/…` or an absolute path.
    static func userDirsEntry(_ text: String, home: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_DOWNLOAD_DIR=") else { continue }
            var value = trimmed.dropFirst("XDG_DOWNLOAD_DIR=".count)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            let folder = expanded(String(value), home: home)
            return folder.hasPrefix("/") ? folder : nil
        }
        return nil
    }

    /// `path` with a leading `$HOME` or `~` replaced by `home`.
    public static func expanded(_ path: String, home: String) -> String {
        for prefix in ["$HOME", "${HOME}", "~"] where path == prefix || path.hasPrefix(prefix + "/") {
            return home + path.dropFirst(prefix.count)
        }
        return path
    }
}
