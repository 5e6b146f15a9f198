#if canImport(Darwin)
    import Dispatch
    import Foundation
    import Streams

    /// One exchange over Foundation's `URLSession`, on Apple platforms: the delegate
    /// (``_SessionRouter``) hands it the head, each chunk of the body as decompressed, and each
    /// redirect, and a cancellation stops the task at once. The ``AddressPolicy`` judges the
    /// addresses a host resolves to before the task starts and before each redirect.
    ///
    /// `@unchecked Sendable`: `origin` is a `SanitizerVisibleMutex`; the rest is immutable, and a
    /// task may be resumed and cancelled from any thread.
    final class _URLSessionTransfer: _Transfer, @unchecked Sendable {
        private let exchange: _Exchange
        private let router: _SessionRouter
        private let task: URLSessionDataTask
        /// The scope of the addresses the last hop went to, for the next redirect's check.
        private let origin = SanitizerVisibleMutex(IPAddress.Scope.public)

        init(exchange: _Exchange, session: NetworkSession, urlRequest: URLRequest) {
            self.exchange = exchange
            self.router = session.router
            self.task = session.urlSession.dataTask(with: urlRequest)
        }

        func begin() {
            router.register(self, for: task.taskIdentifier)
            guard exchange.addressPolicy.isEnforced, let host = task.originalRequest?.url?.host, !host.isEmpty else {
                task.resume()
                return
            }
            // The lookup blocks, so it runs off the caller's thread; the exchange's timer counts it.
            DispatchQueue.global().async { [self] in
                if admits(host: host, on: .requested), !exchange.isFinished { task.resume() }
            }
        }

        func stop() {
            router.unregister(task.taskIdentifier)
            task.cancel()
        }

        /// Resolves `host` and judges its addresses for `hop`; fails the exchange when refused.
        private func admits(host: String, on hop: AddressPolicy.Hop) -> Bool {
            switch _HostResolver.addresses(of: host) {
            case .failure(.notFound(let name)):
                exchange.fail(
                    .transport("the host name \(name) could not be found; check the address and your connection"))
                return false
            case .failure(.failed(let detail)):
                exchange.fail(
                    .transport(
                        "the host name \(host) could not be looked up (\(detail)); check your connection and try again")
                )
                return false
            case .success(let addresses):
                if let refusal = exchange.addressPolicy.refusal(of: addresses, host: host, on: hop) {
                    exchange.fail(.addressRefused(refusal))
                    return false
                }
                origin.withLock { $0 = AddressPolicy.origin(of: addresses) }
                return true
            }
        }

        func receive(_ response: URLResponse) -> Bool {
            guard let response = response as? HTTPURLResponse, let url = response.url ?? task.originalRequest?.url
            else { return false }
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            return exchange.receive(_Exchange.Head(status: response.statusCode, headers: headers, url: url))
        }

        func receive(_ data: Data) {
            if !exchange.receive(data) { stop() }
        }

        /// The request to follow a redirect answered with `status` with, or `nil` when it may not
        /// be followed.
        func redirect(_ request: URLRequest, from previous: URL?, status: Int) -> URLRequest? {
            guard exchange.redirectIsAllowed(to: request.url, status: status) else { return nil }
            var request = request
            if let next = request.url, let previous,
                next.scheme != previous.scheme || next.host != previous.host || next.port != previous.port
            {
                for field in ["Authorization", "Cookie", "Proxy-Authorization"] {
                    request.setValue(nil, forHTTPHeaderField: field)
                }
            }
            guard exchange.addressPolicy.isEnforced, let host = request.url?.host, !host.isEmpty else { return request }
            return admits(host: host, on: .redirect(from: origin.withLock { $0 })) ? request : nil
        }

        func complete(error: (any Error)?) {
            guard !exchange.isFinished else { return }
            if let error {
                exchange.fail(_Exchange.reason(for: error, request: exchange.request))
            } else {
                exchange.complete()
            }
        }
    }
#endif
