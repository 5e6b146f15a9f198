#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// What the descriptor `listener` holds now, in words, for a test whose client was refused by
/// a server that listened on `port` through it: still that listening socket, a socket that no
/// longer listens or has another port (the descriptor was closed and its number reused), or
/// nothing at all; then `acceptNote`, why the server's accept loop ended, when it has. A client
/// refused while the socket still listens and the loop still runs was in another network
/// namespace than the server: a thread of the test process had been moved into one (see the
/// address-policy tests, which no longer do that).
public func describeListener(_ listener: Int32, port: UInt16, acceptNote: String?) -> String {
    describeDescriptor(listener, port: port) + "; " + (acceptNote ?? "the accept loop runs")
}

private func describeDescriptor(_ listener: Int32, port: UInt16) -> String {
    guard fcntl(listener, F_GETFD) != -1 else { return "descriptor \(listener) is closed" }
    var listening: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(listener, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 else {
        return "descriptor \(listener) is open but holds no socket (errno \(errno))"
    }
    var address = sockaddr_in()
    var addressLength = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &addressLength) }
    }
    let bound = named == 0 && address.sin_family == sa_family_t(AF_INET) ? Int(UInt16(bigEndian: address.sin_port)) : -1
    let state = listening != 0 ? "listens" : "does not listen"
    return bound == Int(port)
        ? "descriptor \(listener) holds the server's socket, which \(state)"
        : "descriptor \(listener) holds another socket (port \(bound)), which \(state)"
}
