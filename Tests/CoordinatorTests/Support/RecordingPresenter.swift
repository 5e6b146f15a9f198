import Coordinator
import Streams
import ViewModels

/// A presenter that writes down what the coordinator asked of it.
final class RecordingPresenter: ScenePresenter {
    enum Call: Equatable {
        case present(SceneKind, Presentation)
        case dismiss(SceneKind)
        case quit
    }

    private let log = _SanitizerVisibleMutex<[Call]>([])
    private let presented = _SanitizerVisibleMutex<[SceneHandle]>([])

    var calls: [Call] { log.withLock { $0 } }
    var lastPresented: SceneHandle? { presented.withLock { $0.last } }

    func present(_ scene: SceneHandle) {
        log.withLock { $0.append(.present(scene.scene.kind, scene.presentation)) }
        presented.withLock { $0.append(scene) }
    }

    func dismiss(_ scene: SceneHandle) {
        log.withLock { $0.append(.dismiss(scene.scene.kind)) }
    }

    func quit() {
        log.withLock { $0.append(.quit) }
    }
}
