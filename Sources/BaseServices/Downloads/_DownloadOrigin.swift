import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The address a downloaded file came from, kept on the file itself as the extended attribute
/// `user.xdg.origin.url` (the freedesktop.org name browsers and `wget --xattr` use too): it
/// tells a second download of the same address from another file of the same name, and a
/// `.part` left by that address from one left by another. It moves with the file when the
/// `.part` is renamed. Where the file system keeps no such attributes, nothing is recorded and
/// every file reads as of unknown origin.
enum _DownloadOrigin {
    static let attribute = "user.xdg.origin.url"
    /// The longest address recorded: longer ones are not, and their files read as unknown.
    static let longestAddress = 4_096

    private typealias Read =
        @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int)
        -> Int
    private typealias Write =
        @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32)
        -> Int32

    // The C library's calls, looked up once: the Glibc module does not import them.
    private static let read: Read? = dlsym(dlopen(nil, RTLD_NOW), "getxattr").map { unsafeBitCast($0, to: Read.self) }
    private static let write: Write? = dlsym(dlopen(nil, RTLD_NOW), "setxattr").map {
        unsafeBitCast($0, to: Write.self)
    }

    /// The address recorded on the file at `path`; `nil` when none is (or none can be).
    static func address(of path: String) -> String? {
        guard let read else { return nil }
        var bytes = [UInt8](repeating: 0, count: longestAddress)
        let count = bytes.withUnsafeMutableBytes { read(path, attribute, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// Records `address` on the file at `path`, where the file system allows; a failure only
    /// means the file's origin stays unknown.
    static func record(_ address: String, on path: String) {
        guard let write, address.utf8.count <= longestAddress else { return }
        _ = address.withCString { write(path, attribute, $0, strlen($0), 0) }
    }
}
