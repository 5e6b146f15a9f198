import Foundation

/// The session's delegate queue: it runs each callback at once, on the thread of the transfer
/// that reports it.
///
/// Foundation on Linux hands every body chunk to the delegate queue as an operation, and one
/// pass of its transfer loop can inflate a compressed body by gigabytes (a gzip bomb: up to 100
/// reads of 16 KB, each inflating a thousandfold) before anything else runs on its queue, a
/// cancellation included. Queued, those chunks pile up in memory faster than any queue takes
/// them, and the size limit is seen only when the pile is worked through. Run at once, each chunk
/// is counted as it is made and dropped when past the limit, so memory stays flat whatever the
/// body inflates to; the cancellation follows as soon as the transfer loop lets it.
///
/// The callbacks then run on Foundation's own queue, so ``_SessionRouter`` and ``_Exchange``
/// never wait there for it (a cancellation is sent from another thread) and order a
/// cancellation after any completion handler they owe (see ``_Exchange/cancelTask()``).
///
/// `@unchecked Sendable`: it keeps no state of its own.
final class _DelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
