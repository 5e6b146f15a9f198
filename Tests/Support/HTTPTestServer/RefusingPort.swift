#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A loopback TCP port that refuses connections for as long as this lives: a socket bound to
/// it that never listens. No other server of the test run can take the port meanwhile, as it
/// could one that a stopped server has just given back.
public final class RefusingPort {
    /// The port, on 127.0.0.1.
    public let port: UInt16
    private let socket: Int32

    /// Binds a socket to a free port of 127.0.0.1 and holds it.
    public init() throws {
        #if canImport(Glibc)
            let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RefusingPortError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw RefusingPortError()
        }
        socket = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socket) }
}

/// No socket could be bound to a port of 127.0.0.1.
public struct RefusingPortError: Error {}
