import Foundation

/// Reads a feed from a local file: only regular files (symbolic links are followed), never
/// more than a size limit, with a clear error for anything else.
enum _LocalFeedFile {
    static func read(_ path: String, limit: Int) throws(FeedError) -> Data {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        } catch {
            if !FileManager.default.fileExists(atPath: resolved) { throw .fileNotFound(path) }
            throw .unreadableFile(path, reason: "its attributes cannot be read")
        }
        let type = attributes[.type] as? FileAttributeType
        guard type == .typeRegular else { throw .notARegularFile(path, kind: describe(type)) }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
            throw .fileTooLarge(path, limit: limit)
        }
        guard FileManager.default.isReadableFile(atPath: resolved),
            let handle = FileHandle(forReadingAtPath: resolved)
        else {
            throw .unreadableFile(path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadableFile(path, reason: "read error")
        }
        // The file may have grown since its size was checked.
        guard data.count <= limit else { throw .fileTooLarge(path, limit: limit) }
        return data
    }

    private static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case .typeDirectory?: "a directory"
        case .typeCharacterSpecial?, .typeBlockSpecial?: "a device"
        case .typeSocket?: "a socket"
        case .typeSymbolicLink?: "a broken symbolic link"
        default: "a special file"
        }
    }
}
