/// How the coordinator makes each scene's service: the composition root gives builders over
/// the base services, tests give fakes.
public struct HabitServices: Sendable {
    /// The list's service.
    public var list: @Sendable () -> any HabitListServiceType
    /// The service for the detail of one habit.
    public var detail: @Sendable (_ habitID: Int64) -> any HabitDetailServiceType
    /// The idea search's service.
    public var ideas: @Sendable () -> any IdeaSearchServiceType

    /// Builders for each scene's service.
    public init(
        list: @escaping @Sendable () -> any HabitListServiceType,
        detail: @escaping @Sendable (_ habitID: Int64) -> any HabitDetailServiceType,
        ideas: @escaping @Sendable () -> any IdeaSearchServiceType
    ) {
        self.list = list
        self.detail = detail
        self.ideas = ideas
    }

    /// The services over the shared base services, reading the day from `clock`.
    public static func live(clock: HabitClock = .system) -> HabitServices {
        let habits = HabitsBaseService.shared
        let server = ServerBaseService.shared
        return HabitServices(
            list: { HabitListService(habits: habits, server: server, clock: clock) },
            detail: { HabitDetailService(habitID: $0, habits: habits, clock: clock) },
            ideas: { IdeaSearchService(server: server, habits: habits, clock: clock) })
    }
}
