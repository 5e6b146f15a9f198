public import FeedParsing
public import Foundation

/// The small feed about Rivulet that ships with the package, so a new database has a feed to
/// show offline.
///
/// It lives in the package's resource bundle next to the executable. The bundle is looked up
/// by hand rather than through `Bundle.module`, which traps when the bundle is missing; here a
/// missing bundle is a ``FeedError`` like any other.
public enum SampleFeed {
    /// The feed's file name inside the resource bundle.
    public static let fileName = "sample-feed.xml"

    /// The name of the resource bundle SwiftPM builds for this target.
    static let bundleName = "Rivulet_BaseServices"

    /// The path of the shipped feed file, or `nil` when the resource bundle cannot be found.
    public static var path: String? {
        let fileManager = FileManager.default
        var directories = [Bundle.main.bundleURL]
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            directories.append(executable.deletingLastPathComponent())
        }
        for directory in directories {
            let candidates = [
                directory.appendingPathComponent("\(bundleName).resources").appendingPathComponent(fileName),
                directory.appendingPathComponent("\(bundleName).bundle").appendingPathComponent(fileName),
                directory.appendingPathComponent("\(bundleName).bundle/Contents/Resources").appendingPathComponent(
                    fileName
                ),
            ]
            if let found = candidates.first(where: { fileManager.isReadableFile(atPath: $0.path) }) {
                return found.path
            }
        }
        return nil
    }

    /// The shipped feed's bytes.
    ///
    /// - Throws: ``FeedError/fileNotFound(_:)`` when the resource bundle is missing, or the
    ///   error of reading it.
    public static func data() throws(FeedError) -> Data {
        guard let path else { throw .fileNotFound("\(bundleName).resources/\(fileName)") }
        return try _LocalFeedFile.read(path, limit: FeedFetcher.defaultMaximumSize)
    }

    /// The shipped feed, parsed.
    ///
    /// - Throws: ``FeedError/fileNotFound(_:)`` when the resource bundle is missing, or the
    ///   error of reading or parsing it.
    public static func load() throws(FeedError) -> ParsedFeed {
        let data = try data()
        do {
            return try FeedDocument.parse(data)
        } catch {
            throw .parsing(error)
        }
    }
}
