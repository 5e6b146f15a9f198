import Foundation
import TestMeasures
import Testing

// The tests' own folders: a test process killed before its exit handler ran leaves its root
// behind, and the next test process removes it (in memory, it would hold memory until a restart).

/// A root named as a test process's, in `folder`, with a file inside; its lock file too when
/// `locked` is given (held by this process when true, as a live owner holds it).
private func makeRoot(_ name: String, in folder: String, locked: Bool?) throws -> (path: String, lock: Int32) {
    let root = folder + TemporaryFolder.rootPrefix + name
    try FileManager.default.createDirectory(atPath: root + "/inner", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: root + "/inner/test.sqlite", contents: Data([1])))
    guard let locked else { return (root, -1) }
    let lock = open(root + "/" + TemporaryFolder.lockName, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    if locked { #expect(flock(lock, LOCK_EX | LOCK_NB) == 0) } else { close(lock) }
    return (root, locked ? lock : -1)
}

@Test func aRootWhoseLockNoProcessHoldsIsRemovedAndOneHeldIsKept() throws {
    let folder = TemporaryFolder().path + "/"
    let abandoned = try makeRoot("1-abandoned", in: folder, locked: false)
    let live = try makeRoot("\(getppid())-live", in: folder, locked: true)
    defer { close(live.lock) }
    // A read-only folder inside is removed too.
    chmod(abandoned.path + "/inner", 0o500)
    TemporaryFolder.removeAbandonedRoots(in: folder)
    #expect(!FileManager.default.fileExists(atPath: abandoned.path))
    #expect(FileManager.default.fileExists(atPath: live.path + "/inner/test.sqlite"))
}

@Test func aRootWithoutALockGoesOnlyWhenItsProcessIsGoneAndItHasRestedTenMinutes() throws {
    let folder = TemporaryFolder().path + "/"
    var child = pid_t()
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { for pointer in argv { free(pointer) } }
    #expect(posix_spawn(&child, "/bin/true", nil, nil, &argv, environ) == 0)
    var status: Int32 = 0
    #expect(waitpid(child, &status, 0) == child)
    let old = try makeRoot("\(child)", in: folder, locked: nil)
    let fresh = try makeRoot("\(child)-fresh", in: folder, locked: nil)
    let ownerAlive = try makeRoot("\(getppid())", in: folder, locked: nil)
    for root in [old.path, ownerAlive.path] {
        try FileManager.default.setAttributes([.modificationDate: Date() - 3_600], ofItemAtPath: root)
    }
    TemporaryFolder.removeAbandonedRoots(in: folder)
    #expect(!FileManager.default.fileExists(atPath: old.path))
    #expect(FileManager.default.fileExists(atPath: fresh.path))
    #expect(FileManager.default.fileExists(atPath: ownerAlive.path))
}

@Test func thisProcessHoldsItsOwnRootsLock() {
    let lock = open(TemporaryFolder.root + "/" + TemporaryFolder.lockName, O_RDWR | O_CLOEXEC)
    defer { close(lock) }
    #expect(lock >= 0)
    #expect(flock(lock, LOCK_EX | LOCK_NB) != 0)
}
