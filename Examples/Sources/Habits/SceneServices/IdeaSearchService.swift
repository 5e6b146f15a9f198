public import Streams

/// The idea search's service: immutable, made by the coordinator for one search scene, over
/// the server (to look up) and the database (to add what was found).
///
/// ```swift
/// let service = IdeaSearchService(server: ServerBaseService.shared, habits: HabitsBaseService.shared)
/// service.ideas(matching: "read").subscribe(onNext: { print($0) })
/// ```
public struct IdeaSearchService: IdeaSearchServiceType {
    let server: any ServerBaseServiceType
    let habits: any HabitsBaseServiceType
    let clock: HabitClock

    /// A service over `server` and `habits`, reading "now" from `clock`.
    public init(server: any ServerBaseServiceType, habits: any HabitsBaseServiceType, clock: HabitClock = .system) {
        self.server = server
        self.habits = habits
        self.clock = clock
    }

    /// The ideas the server has about `keyword`, each in a category this app knows.
    public func ideas(matching keyword: String) -> Observable<Result<[HabitIdea], HabitsError>> {
        server.ideas(matching: keyword)
            .map { result in result.map { objects in objects.map(HabitIdea.init) } }
            .wordedForPeople()
    }

    /// Adds `idea` as a habit, created now.
    public func addHabit(from idea: HabitIdea) -> Observable<Result<Int64, HabitsError>> {
        let (habits, clock) = (habits, clock)
        return Observable.deferred {
            habits.addHabit(name: idea.name, category: idea.category, createdAt: clock.now()).wordedForPeople()
        }
    }
}
