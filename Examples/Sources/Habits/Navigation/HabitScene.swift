public import Coordination

/// The app's scenes, each carrying its view model.
public enum HabitScene: CoordinatedScene {
    /// The list of habits.
    case list(HabitListViewModel)
    /// One habit's history.
    case detail(habitID: Int64, HabitDetailViewModel)
    /// The search for habit ideas.
    case ideas(IdeaSearchViewModel)

    /// The kinds of scene, for the navigation stack.
    public enum Kind: Hashable, Sendable {
        /// The list.
        case list
        /// A habit's detail.
        case detail
        /// The idea search.
        case ideas
    }

    /// Which kind of scene this is.
    public var kind: Kind {
        switch self {
        case .list: .list
        case .detail: .detail
        case .ideas: .ideas
        }
    }
}
