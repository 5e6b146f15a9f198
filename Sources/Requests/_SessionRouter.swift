#if canImport(Darwin)
    import Foundation

    /// The session delegate on Apple platforms: routes each task's events to its
    /// ``_URLSessionTransfer``.
    ///
    /// `@unchecked Sendable`: the only state is `transfers`, a `SanitizerVisibleMutex`.
    final class _SessionRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let transfers = SanitizerVisibleMutex<[Int: _URLSessionTransfer]>([:])

        func register(_ transfer: _URLSessionTransfer, for taskIdentifier: Int) {
            transfers.withLock { $0[taskIdentifier] = transfer }
        }

        func unregister(_ taskIdentifier: Int) {
            _ = transfers.withLock { $0.removeValue(forKey: taskIdentifier) }
        }

        private func transfer(for task: URLSessionTask) -> _URLSessionTransfer? {
            transfers.withLock { $0[task.taskIdentifier] }
        }

        func urlSession(
            _ session: URLSession,
            dataTask: URLSessionDataTask,
            didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            let allowed = transfer(for: dataTask)?.receive(response) ?? false
            completionHandler(allowed ? .allow : .cancel)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            transfer(for: dataTask)?.receive(data)
        }

        func urlSession(
            _ session: URLSession,
            task: URLSessionTask,
            willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(transfer(for: task)?.redirect(request, from: response.url, status: response.statusCode))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            transfer(for: task)?.complete(error: error)
            unregister(task.taskIdentifier)
        }
    }
#endif
