import Foundation

/// Opens a web address in the person's browser: `$BROWSER` when it is set, else the platform's
/// opener (`xdg-open` on Linux, `open` on macOS). The program is started directly, never through
/// a shell, with the address as one argument, and is not waited for. Only `http` and `https`
/// addresses are opened, so a feed cannot make the opener run a local file.
///
/// Tests give their own: `LinkOpener { url in opened.append(url); return .success(()) }`.
package struct LinkOpener: Sendable {
    /// Opens the address, or says why it could not.
    package let open: @Sendable (String) -> Result<Void, SceneError>

    /// An opener that does `open`.
    package init(_ open: @escaping @Sendable (String) -> Result<Void, SceneError>) {
        self.open = open
    }

    /// The opener of this system, reading `BROWSER` and `PATH` from `environment`.
    ///
    /// `BROWSER` may name a program or a path, with arguments after it separated by spaces;
    /// `%s` in an argument is replaced by the address, otherwise the address comes last. Of a
    /// list separated by `:`, the first is used.
    package static func system(environment: [String: String] = ProcessInfo.processInfo.environment) -> LinkOpener {
        LinkOpener { url in
            guard let scheme = URL(string: url)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return .failure(
                    SceneError.link(.notWeb(url)))
            }
            let words = command(environment: environment)
            guard let program = words.first else {
                return .failure(SceneError.link(.noOpener))
            }
            guard let executable = locate(program, path: environment["PATH"] ?? "/usr/bin:/bin") else {
                return .failure(
                    SceneError.link(.openerNotFound(program)))
            }
            var arguments = Array(words.dropFirst())
            if arguments.contains(where: { $0.contains("%s") }) {
                arguments = arguments.map { $0.replacingOccurrences(of: "%s", with: url) }
            } else {
                arguments.append(url)
            }
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            // The browser must not draw over the app's screen or read its keys.
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                return .success(())
            } catch {
                return .failure(
                    SceneError.link(.openerFailed(program, reason: error.localizedDescription)))
            }
        }
    }

    /// The words of the command that opens links.
    static func command(environment: [String: String]) -> [String] {
        let browser = (environment["BROWSER"] ?? "").split(separator: ":").first.map(String.init) ?? ""
        let words = browser.split(whereSeparator: \.isWhitespace).map(String.init)
        if !words.isEmpty { return words }
        #if os(macOS)
            return ["open"]
        #else
            return ["xdg-open"]
        #endif
    }

    /// The file `program` names: itself when it holds a `/`, else the first match on `path`.
    static func locate(_ program: String, path: String) -> URL? {
        let manager = FileManager.default
        if program.contains("/") {
            return manager.isExecutableFile(atPath: program) ? URL(fileURLWithPath: program) : nil
        }
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(program)
            if manager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
