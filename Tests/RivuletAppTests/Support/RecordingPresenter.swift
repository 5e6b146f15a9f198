import Coordination
import Streams
import ViewModels

@testable import RivuletApp

/// A presenter that writes down what the coordinator asked of it.
final class RecordingPresenter: ScenePresenter {
    enum Call: Equatable {
        case present(SceneKind, Presentation)
        case dismiss(SceneKind)
        case quit
    }

    private let log = SanitizerVisibleMutex<[Call]>([])
    private let presented = SanitizerVisibleMutex<[SceneHandle<Scene>]>([])

    var calls: [Call] { log.withLock { $0 } }
    var lastPresented: SceneHandle<Scene>? { presented.withLock { $0.last } }

    func present(_ scene: SceneHandle<Scene>) {
        log.withLock { $0.append(.present(scene.scene.kind, scene.presentation)) }
        presented.withLock { $0.append(scene) }
    }

    func dismiss(_ scene: SceneHandle<Scene>) {
        log.withLock { $0.append(.dismiss(scene.scene.kind)) }
    }

    func quit() {
        log.withLock { $0.append(.quit) }
    }
}
