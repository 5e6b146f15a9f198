import Foundation

/// Whether this test build runs under the thread sanitizer, and so does the binary it tests.
/// The sanitizer's shadow memory makes every process several times larger, and everything
/// slower, so memory bounds are scaled by ``memoryScale``.
enum SanitizerBuild {
    static let isThreadSanitized = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

    /// What a memory bound is multiplied by in this build.
    static var memoryScale: Int { isThreadSanitized ? 4 : 1 }
}
