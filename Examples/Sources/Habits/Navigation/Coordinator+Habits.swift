public import Coordination
public import Streams

/// The habit tracker's coordinator.
public typealias HabitCoordinator = Coordinator<HabitScene, HabitRoute>

extension Coordinator where Scene == HabitScene, Route == HabitRoute {
    /// The habit tracker's navigation: the list at the root, a habit's detail or the idea
    /// search pushed over it.
    ///
    /// ```swift
    /// let coordinator = HabitCoordinator.make(services: .live(), scheduler: ui, presenter: presenter)
    /// coordinator.start()
    /// ```
    public static func make(
        services: HabitServices, scheduler: any Scheduler, presenter: any ScenePresenter<HabitScene>
    ) -> HabitCoordinator {
        HabitCoordinator(
            presenter: presenter,
            root: { .list(HabitListViewModel(service: services.list(), scheduler: scheduler)) }
        ) { route, source in
            switch route {
            case .detail(let habitID):
                source.scene.kind == .list
                    ? .push(
                        .detail(
                            habitID: habitID,
                            HabitDetailViewModel(service: services.detail(habitID), scheduler: scheduler)))
                    : .none
            case .ideas:
                source.scene.kind == .list
                    ? .push(.ideas(IdeaSearchViewModel(service: services.ideas(), scheduler: scheduler))) : .none
            case .back: .pop
            case .quit: .quit
            }
        }
    }
}
