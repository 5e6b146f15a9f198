import Foundation

/// Whether this test build runs under the thread sanitizer, and so does the binary it tests.
/// The sanitizer's shadow memory makes every process several times larger, and everything
/// slower, so memory bounds are scaled by ``memoryScale``.
enum SanitizerBuild {
    static let isThreadSanitized = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

    /// What a memory bound is multiplied by in this build: 5, the low end of the sanitizer's
    /// documented memory overhead (5-10 times). It was 4, below that floor, and two gzip bombs
    /// in one process went 0.1% over it under the sanitizer (819,892 KiB against 819,200) while
    /// the plain build stayed within its own bound, which is unchanged.
    static var memoryScale: Int { isThreadSanitized ? 5 : 1 }

    /// What a latency bound is multiplied by in this build: the sanitizer makes every memory
    /// access and lock several times slower, so the app's own latency is checked against its
    /// real bound in the plain build, and here only for being of the same order.
    static var latencyScale: Int { isThreadSanitized ? 4 : 1 }
}
