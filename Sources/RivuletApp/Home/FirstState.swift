import Streams
import ViewModels

/// Whether a scene's view model has sent its first state. A view model's system subscribes to
/// the actions when it starts, on its scheduler, so an action sent before its first state would
/// be lost: a scene takes keys only from then on (the shell holds them meanwhile, and hands
/// them on at the frame that state asks for).
final class FirstState: Sendable {
    private let arrived = SanitizerVisibleMutex(false)

    /// Whether the first state has arrived.
    var hasArrived: Bool { arrived.withLock { $0 } }

    /// Marks the first state arrived.
    func arrive() { arrived.withLock { $0 = true } }
}

extension ScreenOutput {
    /// This output, telling `first` when its first state arrives.
    func started(_ first: FirstState) -> ScreenOutput {
        ScreenOutput(
            state: state.map { state in
                first.arrive()
                return state
            }, route: route)
    }
}
