import Dispatch
import Foundation
import Streams

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate: routes each task's events to its ``_Exchange``. The events arrive on
/// Foundation's own queue (see ``_DelegateQueue``).
///
/// `@unchecked Sendable`: the only state is `exchanges`, a `SanitizerVisibleMutex`.
final class _SessionRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let exchanges = SanitizerVisibleMutex<[Int: _Exchange]>([:])

    func register(_ exchange: _Exchange, for taskIdentifier: Int) {
        exchanges.withLock { $0[taskIdentifier] = exchange }
    }

    func unregister(_ taskIdentifier: Int) {
        _ = exchanges.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    private func exchange(for task: URLSessionTask) -> _Exchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(for: dataTask) else {
            completionHandler(.cancel)
            // The disposition alone leaves the connection open on Linux; close it too, from
            // another thread (this one is Foundation's, which the cancellation waits for).
            DispatchQueue.global().async { dataTask.cancel() }
            return
        }
        guard exchange.beginDispositionCallback() else { return }
        // A refusal also requests the cancellation, sent once the disposition is handed back.
        completionHandler(exchange.receive(response) ? .allow : .cancel)
        exchange.endDispositionCallback()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let exchange = exchange(for: task) else {
            completionHandler(nil)
            return
        }
        guard exchange.beginDispositionCallback() else { return }
        completionHandler(exchange.redirect(to: request.url) ? request : nil)
        exchange.endDispositionCallback()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(for: task)?.complete(error: error)
    }
}
