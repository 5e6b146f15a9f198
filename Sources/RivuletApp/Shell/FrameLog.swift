import Dispatch
import Foundation

/// Appends key-to-frame latencies to a file: from a key's arrival to the end of the write of
/// the first frame that changed the screen after it. Used only on the UI queue.
final class FrameLog: @unchecked Sendable {
    // Sendable because it is touched only on the UI queue.
    private let handle: FileHandle
    private var pendingKey: UInt64?

    init?(path: String?) {
        guard let path, !path.isEmpty else { return nil }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func keyReceived() {
        if pendingKey == nil { pendingKey = DispatchTime.now().uptimeNanoseconds }
    }

    func frameDrawn(bytes: Int) {
        guard let start = pendingKey, bytes > 0 else { return }
        pendingKey = nil
        let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
        // A log that cannot be written (a full disk) loses the line; the app goes on.
        try? handle.write(contentsOf: Data("\(micros)\n".utf8))
    }
}
