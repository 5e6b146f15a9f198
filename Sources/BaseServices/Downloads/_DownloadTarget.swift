import Foundation

/// Where one download goes: the address checked, the file name chosen in the folder, and the
/// `.part` file an earlier try of the same address left, if any; or the file an earlier
/// download of the same address made, when it is still there.
struct _DownloadTarget {
    /// The longest file name made, in bytes of UTF-8: most file systems allow 255, and the
    /// name gets " (N)" and ".part" added.
    static let longestName = 200

    let url: URL
    let folder: String
    /// The file the download becomes.
    private(set) var path: String
    /// Bytes already in the `.part` file.
    let resumedAt: Int64
    /// The file of this address a download made before, and its size, when it is still there:
    /// nothing need be fetched.
    let existing: (path: String, size: Int64)?
    /// The address as recorded on the files (``_DownloadOrigin``).
    var address: String { url.absoluteString }

    var partPath: String { path + ".part" }

    /// The target of `address` in `folder`, which is made when missing.
    init(address: String, folder: String) throws(DownloadError) {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw DownloadError("“\(trimmed)” is not a web address: only http:// and https:// addresses are downloaded")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw DownloadError("\(folder) is a file, not a folder; choose a folder with --to or download-folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw DownloadError(
                "the folder \(folder) could not be made (\(error.localizedDescription)); choose another with --to or "
                    + "download-folder")
        }
        self.url = url
        self.folder = folder
        let (path, existing) = Self.place(of: url.absoluteString, in: folder, name: Self.fileName(for: url))
        self.path = path
        self.existing = existing
        self.resumedAt = existing == nil ? Self.size(of: path + ".part") ?? 0 : 0
    }

    /// Where the download of `address` goes in `folder`: the first of `name`, `name (2)`…
    /// that holds no file, unless one before it holds this address's file (then that one is
    /// `existing`); a name whose `.part` another address left is passed over, one of unknown
    /// origin (left before origins were recorded) is continued.
    private static func place(
        of address: String, in folder: String, name: String
    ) -> (
        path: String, existing: (path: String, size: Int64)?
    ) {
        var number = 1
        while true {
            let candidate = numbered(name, number, in: folder)
            number += 1
            if FileManager.default.fileExists(atPath: candidate) {
                if _DownloadOrigin.address(of: candidate) == address, let size = size(of: candidate) {
                    return (candidate, (candidate, size))
                }
                continue
            }
            let part = candidate + ".part"
            if FileManager.default.fileExists(atPath: part), let origin = _DownloadOrigin.address(of: part),
                origin != address
            {
                continue
            }
            return (candidate, nil)
        }
    }

    private static func size(of path: String) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value
    }

    /// Renames the complete `.part` file to its name (another if a file took it meanwhile);
    /// the path and size, or why it could not.
    func complete(_ progress: (written: Int64, total: Int64?)) -> Result<(String, Int64), DownloadError> {
        if let total = progress.total, progress.written != total {
            return .failure(
                DownloadError(
                    "the server ended the file after \(progress.written) of \(total) bytes; download it again to "
                        + "continue"))
        }
        let name = (path as NSString).lastPathComponent
        let final = FileManager.default.fileExists(atPath: path) ? Self.freePath(in: folder, name: name) : path
        guard rename(partPath, final) == 0 else {
            return .failure(
                DownloadError(
                    "the downloaded file could not be renamed from \(partPath) to \(final) "
                        + "(\(String(cString: strerror(errno)))); it is kept as it is"))
        }
        return .success((final, progress.written))
    }

    /// The first of `name`, `name (2)`, `name (3)`… (the number before the extension) that no
    /// file in `folder` has; an unfinished download of that name (its `.part`) does not count.
    static func freePath(in folder: String, name: String) -> String {
        var number = 1
        while true {
            let candidate = numbered(name, number, in: folder)
            if !FileManager.default.fileExists(atPath: candidate) { return candidate }
            number += 1
        }
    }

    /// The path of `name` in `folder` as the `number`th of its name: `name` itself for 1,
    /// `name (2)` (the number before the extension) for 2, and so on.
    private static func numbered(_ name: String, _ number: Int, in folder: String) -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard number > 1 else { return base + name }
        let (stem, suffix) = split(name)
        return base + "\(stem) (\(number))\(suffix)"
    }

    /// `episode.mp3` as `("episode", ".mp3")`; a name without an extension has none.
    private static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// A safe file name from the last path component of `url`: decoded, without slashes,
    /// control characters or a leading dot, at most ``longestName`` bytes; `download` when
    /// nothing is left.
    static func fileName(for url: URL) -> String {
        // Decoded once, from the path as written: an encoded slash is part of the name.
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let decoded = last.removingPercentEncoding ?? last
        var name = String(
            decoded.unicodeScalars.map { scalar -> Character in
                scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
                    || scalar.properties.generalCategory == .format ? "_" : Character(scalar)
            })
        name = name.trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        while name.utf8.count > longestName {
            let (stem, suffix) = split(name)
            name = stem.count > 1 && suffix.utf8.count < 20 ? String(stem.dropLast()) + suffix : String(name.dropLast())
        }
        return name.isEmpty ? "download" : name
    }
}
