@_spi(Fuzzing) import BaseServices
import Foundation
import SQLiteProvider

/// The database opening path's promises for one file.
public enum DatabaseCheck {
    /// A folder of this process's own, removed at exit.
    private static let folder: String = {
        let folder = NSTemporaryDirectory() + "rivulet-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "rivulet-fuzz-\(getpid())") }
        return folder
    }()

    /// Writes the bytes as a database file and opens it as the app would: it either opens (a
    /// valid database, or one that migrations can bring up to date) or is refused with a
    /// ``DatabaseError`` that says why and leaves the file exactly as it was.
    public static func check(_ input: [UInt8]) {
        let path = folder + "/fuzz.sqlite"
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        let original = Data(input)
        guard FileManager.default.createFile(atPath: path, contents: original) else {
            violation("cannot write \(path)")
        }
        do {
            try _openAndCloseDatabase(atPath: path, environment: .development)
        } catch {
            guard !error.message.isEmpty else { violation("a database error without a message") }
            guard FileManager.default.contents(atPath: path) == original else {
                violation("the file changed although it was refused: \(error)")
            }
        }
    }
}
