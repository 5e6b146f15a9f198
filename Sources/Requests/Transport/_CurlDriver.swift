#if !canImport(Darwin)
    import CCurl
    import Foundation
    import Streams

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// libcurl's multi interface, driven by one thread for the whole process: every transfer of
    /// every session runs on it, so a thousand requests at once are a thousand easy handles, not
    /// a thousand threads, and connections to a host are kept and reused (HTTP/2 streams share
    /// one where the server offers it).
    ///
    /// Other threads only queue work (``add(_:)``, ``remove(_:)``) and wake the thread; every
    /// call into libcurl for a handle in the multi handle, and every callback, runs on it.
    ///
    /// `@unchecked Sendable`: `queued` is a `SanitizerVisibleMutex`; `multi` is used only on the
    /// driving thread (and by `curl_multi_wakeup`, which libcurl makes safe from any thread), and
    /// `running` only on the driving thread.
    final class _CurlDriver: @unchecked Sendable {
        /// The process's driver; `nil` when libcurl could not be set up.
        static let shared: _CurlDriver? = _CurlDriver()

        private enum Command {
            case start(_CurlTransfer)
            case remove(_CurlTransfer)
        }

        /// The most connections kept open to one host at once.
        static let connectionsPerHost = 8
        /// The most idle connections kept open for reuse, over all hosts.
        static let connectionsKept = 64

        private let multi: UnsafeMutableRawPointer
        private let queued = SanitizerVisibleMutex<[Command]>([])
        /// The transfers whose easy handle is in the multi handle, by that handle.
        private var running: [UnsafeMutableRawPointer: _CurlTransfer] = [:]

        private init?() {
            guard curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, let multi = curl_multi_init() else {
                return nil
            }
            self.multi = multi
            // Several HTTP/2 streams share a connection; HTTP/1.1 connections are kept and reused.
            _ = rivulet_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            // At most this many connections to one host, as browsers keep: more transfers at once
            // wait for one of them (or share one over HTTP/2).
            _ = rivulet_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.connectionsPerHost)
            // Idle connections kept for reuse, whatever the number of transfers at the moment
            // (libcurl's default, four per transfer in the multi handle, drops them when few run).
            _ = rivulet_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, Self.connectionsKept)
            let thread = Thread { [self] in run() }
            thread.name = "Requests.curl"
            thread.start()
        }

        /// Queues `transfer`'s next hop to start: its easy handle is made on the driving thread.
        func start(_ transfer: _CurlTransfer) {
            queue(.start(transfer))
        }

        /// Queues `transfer`'s easy handle to leave the multi handle, which closes its connection
        /// if the answer was not complete.
        func remove(_ transfer: _CurlTransfer) {
            queue(.remove(transfer))
        }

        private func queue(_ command: Command) {
            queued.withLock { $0.append(command) }
            curl_multi_wakeup(multi)
        }

        private func run() {
            Self.blockBrokenPipeSignal()
            while true {
                let commands = queued.withLock { commands -> [Command] in
                    defer { commands = [] }
                    return commands
                }
                for command in commands { apply(command) }
                var stillRunning: Int32 = 0
                _ = curl_multi_perform(multi, &stillRunning)
                collectEnded()
                let isIdle = queued.withLock { $0.isEmpty }
                if isIdle { _ = curl_multi_poll(multi, nil, 0, 1_000, nil) }
            }
        }

        private func apply(_ command: Command) {
            switch command {
            case .start(let transfer):
                guard transfer.handle == nil, !transfer.isStopped, transfer.prepareHop(), let handle = transfer.handle
                else {
                    transfer.release()
                    return
                }
                running[handle] = transfer
                if curl_multi_add_handle(multi, handle) != CURLM_OK {
                    running[handle] = nil
                    transfer.hopEnded(CURLE_FAILED_INIT)
                }
            case .remove(let transfer):
                guard let handle = transfer.handle else { return }
                if running.removeValue(forKey: handle) != nil { _ = curl_multi_remove_handle(multi, handle) }
                transfer.release()
            }
        }

        /// Hands every finished transfer its result.
        private func collectEnded() {
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                _ = curl_multi_remove_handle(multi, handle)
                guard let transfer = running.removeValue(forKey: handle) else { continue }
                transfer.hopEnded(code)
            }
        }

        /// Blocks `SIGPIPE` on the driving thread: a write to a connection the server closed
        /// fails with `EPIPE` instead of ending the process, whatever layer of libcurl or its
        /// TLS library wrote.
        private static func blockBrokenPipeSignal() {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
        }
    }
#endif
