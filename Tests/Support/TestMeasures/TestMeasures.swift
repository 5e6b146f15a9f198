import Foundation
package import Streams
import StreamsTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the timing tests of several targets share: whether the thread sanitizer instruments
/// this process, and the CPU time of the calling thread.
public enum TestMeasures {
    /// Whether the thread sanitizer instruments this process, which slows every memory access
    /// several times; time bounds scale by a documented factor under it.
    public static let isThreadSanitized: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(handle) }
        return dlsym(handle, "__tsan_init") != nil
    }()

    /// The CPU time the calling thread has used, in seconds. Unlike the wall clock, it counts
    /// neither other processes of a busy machine nor the time a test waits for a thread of the
    /// test pool, so a bound on it holds on a loaded CI runner and still catches an algorithm
    /// that does too much work.
    public static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The CPU time, in seconds, the calling thread spends running `body`.
    public static func threadCPUSeconds(of body: () throws -> Void) rethrows -> Double {
        let start = threadCPUSeconds()
        try body()
        return threadCPUSeconds() - start
    }

    /// The folder for the files tests make: `/dev/shm/` where the system has one, else `/tmp/`
    /// (both end in a slash). The suites make thousands of commits, each synced; in memory a
    /// sync costs no disk flush, and no test checks what reaches the disk itself (a killed
    /// process loses nothing the kernel holds). `TMPDIR` chooses another folder.
    public static let filesFolder: String = {
        if let chosen = getenv("TMPDIR").map({ String(cString: $0) }), !chosen.isEmpty {
            return chosen.hasSuffix("/") ? chosen : chosen + "/"
        }
        var info = stat()
        if stat("/dev/shm", &info) == 0, info.st_mode & S_IFMT == S_IFDIR, access("/dev/shm", W_OK) == 0 {
            return "/dev/shm/"
        }
        return "/tmp/"
    }()

    /// This process's own folder in ``filesFolder`` (ending in a slash), removed when the process
    /// exits; files that outlive a single test but not the run (a tmux socket, a child's output) go here.
    public static var processFolder: String { TemporaryFolder.root + "/" }
}

/// A fresh folder under this test process's root in ``TestMeasures/filesFolder``. The root is
/// removed when the process exits, so a database opened in a folder stays usable for the whole
/// test however soon the folder value itself is released.
public struct TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Makes a new, empty folder.
    public init() {
        path = TemporaryFolder.root + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func file(_ name: String = "test.sqlite") -> String { path + "/" + name }

    /// The root of this process's folders, made on first use and removed at exit. It holds a
    /// lock file this process keeps locked while it lives, so the roots of test processes that
    /// ended without their exit handlers (killed, or crashed) are known and removed first: in
    /// `/dev/shm` they would hold memory until the machine restarts. The name adds a random
    /// part to the process's ID, which another PID namespace may share.
    public static let root: String = {
        removeAbandonedRoots()
        let root = TestMeasures.filesFolder + rootPrefix + "\(getpid())-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // Never closed: the kernel lets the lock go when the process ends, however it ends.
        let lock = open(root + "/" + lockName, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        atexit { removeRoot(TemporaryFolder.root) }
        return root
    }()

    package static let rootPrefix = "rivulet-tests-"
    package static let lockName = ".owner.lock"

    /// Removes the roots in `folder` (a path ending in a slash) whose test process has ended:
    /// their lock can be taken. A root without a lock (as roots were once made) goes when the
    /// process its name gives no longer exists and it has not changed for ten minutes.
    package static func removeAbandonedRoots(in folder: String = TestMeasures.filesFolder) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(rootPrefix) {
            let root = folder + name
            let lock = open(root + "/" + lockName, O_RDWR | O_CLOEXEC)
            if lock >= 0 {
                defer { close(lock) }
                if flock(lock, LOCK_EX | LOCK_NB) == 0 { removeRoot(root) }
                continue
            }
            let digits = name.dropFirst(rootPrefix.count).prefix { $0.isNumber }
            guard let pid = pid_t(digits), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let changed = (try? FileManager.default.attributesOfItem(atPath: root))?[.modificationDate] as? Date
            if let changed, Date().timeIntervalSince(changed) > 600 { removeRoot(root) }
        }
    }
}

private func removeRoot(_ root: String) {
    // Give back write permission first, in case a test made things read-only.
    if let items = FileManager.default.enumerator(atPath: root) {
        for case let item as String in items { chmod(root + "/" + item, 0o700) }
    }
    try? FileManager.default.removeItem(atPath: root)
}

/// Collects what an observable sends, from any thread.
package final class Recorder<Element: Sendable>: Sendable {
    private final class Storage: Sendable {
        let values = SanitizerVisibleMutex<[Element]>([])
    }

    private let storage = Storage()
    private let disposable = SanitizerVisibleMutex<(any Disposable)?>(nil)

    package init(_ observable: Observable<Element>) {
        ExitLeakCheck.install()
        let storage = self.storage
        let subscription = observable.subscribe(onNext: { element in storage.values.withLock { $0.append(element) } })
        disposable.withLock { $0 = subscription }
    }

    package var values: [Element] { storage.values.withLock { $0 } }

    package func dispose() { disposable.withLock { $0 }?.dispose() }

    /// Waits (wall clock, up to `timeout`) until `condition` holds for the values.
    @discardableResult
    package func wait(timeout: Duration = .seconds(2), until condition: ([Element]) -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if condition(values) { return true }
            usleep(1000)
        }
        return condition(values)
    }
}
