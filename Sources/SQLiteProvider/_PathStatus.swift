#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names, seen through symbolic links as SQLite will see it, and the words that
/// describe it in a message. Shared with the modules that choose database paths.
package enum _PathStatus: Equatable {
    /// Nothing is there.
    case missing
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// A regular file (after following links) of `size` bytes with permission bits `mode`.
    case regularFile(size: Int64, mode: UInt32)
    /// A directory.
    case directory
    /// A named pipe, a device or a socket, described in words ("a named pipe (FIFO)").
    case special(String)
    /// A part of the path before the last is a file, not a directory.
    case insideAFile
    /// The system refused to look (`errno`), for example permission denied on a folder above.
    case unreachable(errno: Int32)

    /// Looks at `path`, following symbolic links.
    package static func of(_ path: String) -> _PathStatus {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT:
                // Another process may create the file between the two looks: only a link that
                // still leads nowhere once seen as a link is dangling.
                var link = stat()
                guard lstat(path, &link) == 0 else { return .missing }
                guard link.st_mode & S_IFMT == S_IFLNK else { return describing(link) }
                return stat(path, &info) == 0 ? describing(info) : .danglingLink
            case ENOTDIR: return .insideAFile
            default: return .unreachable(errno: code)
            }
        }
        return describing(info)
    }

    /// What `info`, the status of a path with its links followed, describes.
    private static func describing(_ info: stat) -> _PathStatus {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(size: Int64(info.st_size), mode: UInt32(info.st_mode & 0o7777))
        case S_IFDIR: return .directory
        case S_IFIFO: return .special("a named pipe (FIFO)")
        case S_IFCHR: return .special("a character device")
        case S_IFBLK: return .special("a block device")
        case S_IFSOCK: return .special("a socket")
        default: return .special("a special file")
        }
    }

    /// The path with every symbolic link resolved, or `path` itself when it cannot be resolved.
    package static func resolved(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The system's words for `errno`, in lower case as they read inside a sentence.
    package static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }

    /// The folder part of `path`: what comes before its last `/` (trailing slashes aside), `.`
    /// when there is none, `/` for a path at the root. Foundation's `deletingLastPathComponent`
    /// traps on a path such as `.` on Linux, so it is not used.
    package static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }
}
