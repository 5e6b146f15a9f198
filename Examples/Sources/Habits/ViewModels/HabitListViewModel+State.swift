extension HabitListViewModel {
    /// Everything the list screen draws.
    public struct State: Hashable, Sendable {
        /// The habits by name.
        public var habits: [HabitSummaryObject] = []
        /// The selected habit, if any.
        public var selectedID: Int64?
        /// The prompt's text while adding a habit; `nil` when the prompt is closed.
        public var draft: Draft?
        /// The latest news or failure, for the status line.
        public var message: String?
        /// Today's quote, when the server gave one.
        public var quote: String?
        /// Whether the habits have not been read yet.
        public var isLoading = true
        /// Whether the keys are shown over the list.
        public var isShowingHelp = false

        /// The empty, loading list.
        public init() {}

        /// Where the selected habit is in ``habits``.
        public var selectedIndex: Int? {
            habits.firstIndex { $0.id == selectedID }
        }
    }

    /// What happens to the list: what the person asked, and what the service answered.
    public enum Event: Hashable, Sendable {
        /// The person asked for this.
        case action(Action)
        /// The habits were read (again).
        case habitsLoaded(Result<[HabitSummaryObject], HabitsError>)
        /// The quote arrived, or could not.
        case quoteLoaded(Result<QuoteObject, HabitsError>)
        /// A habit was added, or could not be.
        case added(Result<Int64, HabitsError>)
        /// Marking a habit done today (`isDone`), or taking that back, changed something
        /// (`true`) or not, or failed.
        case doneChanged(isDone: Bool, Result<Bool, HabitsError>)
    }

    /// What a step asks for: a write, whose answer comes back as an event, or a route.
    public enum Effect: Hashable, Sendable {
        /// Add a habit with this (valid, trimmed) name.
        case add(String)
        /// Mark this habit done today, or not.
        case setDone(Bool, habitID: Int64)
        /// Go there.
        case route(HabitRoute)
    }

    /// Folds `event` into `state` and returns what the step asks for: a pure function, tested
    /// on its own.
    public static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .action(let action):
            return reduce(&state, action)
        case .habitsLoaded(.success(let habits)):
            let previousIndex = state.selectedIndex ?? 0
            state.isLoading = false
            state.habits = habits
            if state.selectedIndex == nil, !habits.isEmpty {
                state.selectedID = habits[min(previousIndex, habits.count - 1)].id
            }
            if habits.isEmpty { state.selectedID = nil }
        case .habitsLoaded(.failure(let error)):
            state.isLoading = false
            state.message = "Could not read the habits: \(error.message)"
        case .quoteLoaded(.success(let quote)):
            state.quote = "“\(quote.text)” — \(quote.author)"
        case .quoteLoaded(.failure):
            state.quote = nil
        case .added(.success(let id)):
            state.selectedID = id
            state.message = "Added."
        case .added(.failure(let error)):
            state.message = "Could not add the habit: \(error.message)"
        case .doneChanged(let isDone, let result):
            state.message = HabitRules.checkInMessage(isDone: isDone, result)
        }
        return []
    }

    /// Folds what the person asked into `state`. A message lasts until the next action.
    private static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
        state.message = nil
        switch action {
        case .select(let index):
            guard state.habits.indices.contains(index) else { break }
            state.selectedID = state.habits[index].id
        case .beginAdding:
            state.draft = state.draft ?? Draft()
        case .edit(let draft, let overflowed):
            guard state.draft != nil else { break }
            state.draft = draft
            if overflowed { state.message = HabitRules.textCutShort }
        case .cancelAdding:
            state.draft = nil
        case .add:
            guard state.draft != nil else { break }
            return HabitRules.submitName(&state.draft, message: &state.message).map { [.add($0)] } ?? []
        case .toggleToday(let habitID):
            guard let habit = state.habits.first(where: { $0.id == habitID }) else { break }
            return [.setDone(!habit.isDoneToday, habitID: habitID)]
        case .open(let habitID):
            return [.route(.detail(habitID: habitID))]
        case .findIdeas:
            return [.route(.ideas)]
        case .showHelp(let isShowing):
            state.isShowingHelp = isShowing
        case .quit:
            return [.route(.quit)]
        }
        return []
    }
}
