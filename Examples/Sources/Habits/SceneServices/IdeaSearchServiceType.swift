public import Streams

/// What the idea search needs: a lookup on the habits server, and adding an idea as a habit.
public protocol IdeaSearchServiceType: Sendable {
    /// Looks up ideas about `keyword` when subscribed; sends them or the failure, then
    /// completes. Disposing before the answer cancels the request.
    func ideas(matching keyword: String) -> Observable<Result<[HabitIdea], HabitsError>>
    /// Adds `idea` as a habit when subscribed; sends its identifier.
    func addHabit(from idea: HabitIdea) -> Observable<Result<Int64, HabitsError>>
}
