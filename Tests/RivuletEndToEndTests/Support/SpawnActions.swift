import Foundation

/// File actions for `posix_spawn` that these tests need and the Glibc module does not import.
enum SpawnActions {
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), when there is one.
    private static let addCloseFrom: AddCloseFrom? = dlsym(
        dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Closes every descriptor from 3 up in the child, so it takes nothing of this process
    /// along: a socket another test has open, inherited by a child (a tmux server lives for a
    /// whole test), would stay open after that test closed it, and its peer would never see
    /// the connection end.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom?(&actions, 3)
    }
}
