import Foundation
import TestMeasures
import Testing

// The tests' own folders: a test process killed before its exit handler ran leaves its root
// behind, and the next test process removes it (in memory, it would hold memory until a restart).

@Test func aRootLeftByAProcessThatNoLongerExistsIsRemovedAndOneOfALiveProcessIsKept() throws {
    let folder = TemporaryFolder().path + "/"
    var child = pid_t()
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { for pointer in argv { free(pointer) } }
    #expect(posix_spawn(&child, "/bin/true", nil, nil, &argv, environ) == 0)
    var status: Int32 = 0
    #expect(waitpid(child, &status, 0) == child)
    let abandoned = folder + TemporaryFolder.rootPrefix + "\(child)"
    let live = folder + TemporaryFolder.rootPrefix + "\(getppid())"
    for root in [abandoned, live] {
        try FileManager.default.createDirectory(atPath: root + "/inner", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/inner/test.sqlite", contents: Data([1])))
    }
    // A read-only folder inside is removed too.
    chmod(abandoned + "/inner", 0o500)
    TemporaryFolder.removeAbandonedRoots(in: folder)
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    #expect(FileManager.default.fileExists(atPath: live + "/inner/test.sqlite"))
}
