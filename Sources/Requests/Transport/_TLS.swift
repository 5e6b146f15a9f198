import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's OpenSSL, loaded at run time: the TLS library Foundation's own transport already
/// brings into the process on Linux (through curl), so the package adds no dependency and needs
/// no headers to build. When it cannot be loaded, `https:` requests go over Foundation's
/// transport instead.
///
/// `@unchecked Sendable`: the members are C function pointers and the library's handle, set once.
struct _OpenSSL: @unchecked Sendable {
    typealias Pointer = OpaquePointer

    /// The library's handle from `dlopen`; it is never closed.
    private let handle: UnsafeMutableRawPointer
    let clientMethod: @convention(c) () -> Pointer?
    let contextNew: @convention(c) (Pointer?) -> Pointer?
    let contextFree: @convention(c) (Pointer?) -> Void
    let contextUseSystemTrust: @convention(c) (Pointer?) -> Int32
    let contextLoadTrust: @convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let contextSetVerify: @convention(c) (Pointer?, Int32, Pointer?) -> Void
    let contextSetOptions: @convention(c) (Pointer?, UInt64) -> UInt64
    let new: @convention(c) (Pointer?) -> Pointer?
    let free: @convention(c) (Pointer?) -> Void
    let setDescriptor: @convention(c) (Pointer?, Int32) -> Int32
    let control: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let setHost: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let parameters: @convention(c) (Pointer?) -> Pointer?
    let parametersSetIP: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let connect: @convention(c) (Pointer?) -> Int32
    let read: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let write: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    let error: @convention(c) (Pointer?, Int32) -> Int32
    let verifyResult: @convention(c) (Pointer?) -> Int
    let verifyResultText: @convention(c) (Int) -> UnsafePointer<CChar>?
    let nextError: @convention(c) () -> UInt
    let errorText: @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void
    let clearErrors: @convention(c) () -> Void

    /// `SSL_ERROR_*`, `SSL_VERIFY_PEER`, `SSL_CTRL_SET_TLSEXT_HOSTNAME` and the rest, as
    /// OpenSSL's headers define them.
    static let wantsRead: Int32 = 2
    static let wantsWrite: Int32 = 3
    static let systemCallError: Int32 = 5
    static let closedCleanly: Int32 = 6
    static let verifyPeer: Int32 = 1
    static let setServerName: Int32 = 55
    static let hostNameType = 0
    /// `SSL_OP_IGNORE_UNEXPECTED_EOF`: a server that closes without TLS's goodbye ends the
    /// stream (as OpenSSL 1.1 reported it), and the HTTP framing says whether the answer was whole.
    static let ignoresUnexpectedEOF: UInt64 = 0x80

    /// The library, or `nil` when the system has none that this code can use.
    static let shared: _OpenSSL? = load()

    private static func load() -> _OpenSSL? {
        // libssl brings libcrypto with it; the symbols of both are looked up through libssl's handle.
        guard let handle = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? { _OpenSSL.symbol(name, in: handle, as: type) }
        guard
            let clientMethod = symbol("TLS_client_method", as: (@convention(c) () -> Pointer?).self),
            let contextNew = symbol("SSL_CTX_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
            let contextFree = symbol("SSL_CTX_free", as: (@convention(c) (Pointer?) -> Void).self),
            let contextUseSystemTrust = symbol(
                "SSL_CTX_set_default_verify_paths", as: (@convention(c) (Pointer?) -> Int32).self),
            let contextLoadTrust = symbol(
                "SSL_CTX_load_verify_locations",
                as: (@convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self),
            let contextSetVerify = symbol(
                "SSL_CTX_set_verify", as: (@convention(c) (Pointer?, Int32, Pointer?) -> Void).self),
            let contextSetOptions = symbol(
                "SSL_CTX_set_options", as: (@convention(c) (Pointer?, UInt64) -> UInt64).self),
            let new = symbol("SSL_new", as: (@convention(c) (Pointer?) -> Pointer?).self),
            let free = symbol("SSL_free", as: (@convention(c) (Pointer?) -> Void).self),
            let setDescriptor = symbol("SSL_set_fd", as: (@convention(c) (Pointer?, Int32) -> Int32).self),
            let control = symbol(
                "SSL_ctrl", as: (@convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int).self),
            let setHost = symbol("SSL_set1_host", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
            let parameters = symbol("SSL_get0_param", as: (@convention(c) (Pointer?) -> Pointer?).self),
            let parametersSetIP = symbol(
                "X509_VERIFY_PARAM_set1_ip_asc", as: (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self),
            let connect = symbol("SSL_connect", as: (@convention(c) (Pointer?) -> Int32).self),
            let read = symbol(
                "SSL_read", as: (@convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
            let write = symbol("SSL_write", as: (@convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32).self),
            let error = symbol("SSL_get_error", as: (@convention(c) (Pointer?, Int32) -> Int32).self),
            let verifyResult = symbol("SSL_get_verify_result", as: (@convention(c) (Pointer?) -> Int).self),
            let verifyResultText = symbol(
                "X509_verify_cert_error_string", as: (@convention(c) (Int) -> UnsafePointer<CChar>?).self),
            let nextError = symbol("ERR_get_error", as: (@convention(c) () -> UInt).self),
            let errorText = symbol(
                "ERR_error_string_n", as: (@convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void).self),
            let clearErrors = symbol("ERR_clear_error", as: (@convention(c) () -> Void).self)
        else { return nil }
        return _OpenSSL(
            handle: handle, clientMethod: clientMethod, contextNew: contextNew, contextFree: contextFree,
            contextUseSystemTrust: contextUseSystemTrust, contextLoadTrust: contextLoadTrust,
            contextSetVerify: contextSetVerify, contextSetOptions: contextSetOptions,
            new: new, free: free, setDescriptor: setDescriptor,
            control: control, setHost: setHost, parameters: parameters, parametersSetIP: parametersSetIP,
            connect: connect, read: read, write: write, error: error, verifyResult: verifyResult,
            verifyResultText: verifyResultText, nextError: nextError, errorText: errorText, clearErrors: clearErrors)
    }

    /// Any other function of the library (or of libcrypto, which it brings), by its C name; `nil`
    /// when this build of OpenSSL has no such symbol. The caller names the exact C type.
    func symbol<T>(_ name: String, as type: T.Type) -> T? { Self.symbol(name, in: handle, as: type) }

    private static func symbol<T>(_ name: String, in handle: UnsafeMutableRawPointer, as type: T.Type) -> T? {
        guard let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// The oldest error OpenSSL queued on this thread, as its text; the queue is emptied.
    func takeErrorText() -> String? {
        let code = nextError()
        var text: String?
        if code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            errorText(code, &buffer, buffer.count)
            text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        clearErrors()
        return text
    }
}

/// Where a client's trust in server certificates comes from.
enum _TLSTrust: Sendable, Equatable {
    /// The system's certificate authorities, as OpenSSL was built to find them.
    case system
    /// Only the certificates in a PEM file (tests use their own authority).
    case file(String)
}

/// An OpenSSL client context: peer verification on, trust as given. Shared by a session's
/// transfers; OpenSSL allows that once it is set up.
///
/// `@unchecked Sendable`: the context is configured in `init` and only read after.
final class _TLSClientContext: @unchecked Sendable {
    let library: _OpenSSL
    let context: OpaquePointer

    init?(trust: _TLSTrust) {
        guard let library = _OpenSSL.shared, let method = library.clientMethod(),
            let context = library.contextNew(method)
        else { return nil }
        let loaded: Int32
        switch trust {
        case .system: loaded = library.contextUseSystemTrust(context)
        case .file(let path): loaded = library.contextLoadTrust(context, path, nil)
        }
        guard loaded == 1 else {
            library.contextFree(context)
            return nil
        }
        library.contextSetVerify(context, _OpenSSL.verifyPeer, nil)
        _ = library.contextSetOptions(context, _OpenSSL.ignoresUnexpectedEOF)
        self.library = library
        self.context = context
    }

    deinit { library.contextFree(context) }
}
