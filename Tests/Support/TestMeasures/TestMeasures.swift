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
}
