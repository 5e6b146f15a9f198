public import Coordination
public import SceneServices
public import Streams
public import ViewModels

extension Coordinator where Scene == RivuletApp.Scene, Route == ViewModels.Route {
    /// Starts the services as `launch` describes and makes the coordinator over them; call
    /// ``start()`` on it to present the home scene. Call it once per process: the base services
    /// are configured once.
    public static func launch(
        _ launch: LaunchConfiguration, scheduler: any Scheduler, presenter: any ScenePresenter<Scene>
    ) throws(SceneError) -> SceneCoordinator {
        let services = try ServicesBootstrap.start(launch.servicesConfiguration)
        return SceneCoordinator(services: services, scheduler: scheduler, presenter: presenter)
    }
}
