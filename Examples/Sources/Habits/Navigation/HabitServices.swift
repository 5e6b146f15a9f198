/// How the coordinator makes each scene's service: the composition root gives builders over
/// the base services, tests give fakes.
public struct HabitServices: Sendable {
    /// The list's service.
    public var list: @Sendable () -> any HabitListServiceType
    /// The service for the detail of one habit.
    public var detail: @Sendable (_ habitID: Int64) -> any HabitDetailServiceType

    /// Builders for each scene's service.
    public init(
        list: @escaping @Sendable () -> any HabitListServiceType,
        detail: @escaping @Sendable (_ habitID: Int64) -> any HabitDetailServiceType
    ) {
        self.list = list
        self.detail = detail
    }

    /// The services over the shared base services, reading the day from `clock`.
    public static func live(clock: HabitClock = .system) -> HabitServices {
        HabitServices(
            list: {
                HabitListService(habits: HabitsBaseService.shared, quotes: QuotesBaseService.shared, clock: clock)
            },
            detail: { HabitDetailService(habitID: $0, habits: HabitsBaseService.shared, clock: clock) })
    }
}
