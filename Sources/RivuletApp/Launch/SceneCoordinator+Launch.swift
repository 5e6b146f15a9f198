package import Coordination
package import SceneServices
package import Streams
import ViewModels

extension SceneCoordinator {
    /// Starts the services as `launch` describes and makes the coordinator over them; call
    /// ``start()`` on it to present the home scene. Call it once per process: the base services
    /// are configured once.
    package static func launch(
        _ launch: LaunchConfiguration, scheduler: any Scheduler, presenter: any ScenePresenter<Scene>
    ) throws(SceneError) -> SceneCoordinator {
        let services = try ServicesBootstrap.start(launch.servicesConfiguration)
        return SceneCoordinator(services: services, scheduler: scheduler, presenter: presenter)
    }
}
