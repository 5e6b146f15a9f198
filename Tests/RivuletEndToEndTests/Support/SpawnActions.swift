import Foundation

/// File actions for `posix_spawn` that these tests need and the Glibc module does not import.
enum SpawnActions {
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), when there is one.
    private static let addCloseFrom: AddCloseFrom? = dlsym(
        dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private typealias AddChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), when there is one.
    private static let addChangeDirectory: AddChangeDirectory? = dlsym(
        dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np"
    ).map { unsafeBitCast($0, to: AddChangeDirectory.self) }

    /// Starts the child in `folder`.
    static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to folder: String) throws {
        guard let addChangeDirectory, addChangeDirectory(&actions, folder) == 0 else {
            throw UnsupportedSpawnAction(name: "posix_spawn_file_actions_addchdir_np")
        }
    }

    /// The C library has no such file action.
    struct UnsupportedSpawnAction: Error, CustomStringConvertible {
        let name: String
        var description: String { "this C library has no \(name)" }
    }

    /// Closes every descriptor from 3 up in the child, so it takes nothing of this process
    /// along: a socket another test has open, inherited by a child (a tmux server lives for a
    /// whole test), would stay open after that test closed it, and its peer would never see
    /// the connection end.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom?(&actions, 3)
    }
}
