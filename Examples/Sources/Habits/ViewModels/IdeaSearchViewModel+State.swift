import Foundation

extension IdeaSearchViewModel {
    /// Where the lookup stands.
    public enum Lookup: Hashable, Sendable {
        /// Nothing looked up yet.
        case idle
        /// The server is asked about this word.
        case loading(String)
        /// The server's ideas about this word (perhaps none).
        case found(String, [HabitIdea])
        /// Asking about this word failed, for this reason.
        case failed(String, HabitsError)
    }

    /// Everything the search screen draws.
    public struct State: Hashable, Sendable {
        /// The prompt's text while a word is typed; `nil` when the prompt is closed. The scene
        /// opens with it.
        public var draft: Draft? = Draft()
        /// Where the lookup stands.
        public var lookup = Lookup.idle
        /// The selected idea's index in what was found.
        public var selectedIndex = 0
        /// The latest news or problem, for the status line.
        public var message: String?
        /// Whether the keys are shown over the search.
        public var isShowingHelp = false

        /// An empty prompt, nothing looked up.
        public init() {}

        /// The word the server is being asked about: the request the lookup feedback runs.
        public var pendingKeyword: String? {
            if case .loading(let keyword) = lookup { return keyword }
            return nil
        }

        /// The ideas found, none while loading or after a failure.
        public var ideas: [HabitIdea] {
            if case .found(_, let ideas) = lookup { return ideas }
            return []
        }

        /// The word of the latest lookup, if any.
        public var keyword: String? {
            switch lookup {
            case .idle: nil
            case .loading(let keyword), .found(let keyword, _), .failed(let keyword, _): keyword
            }
        }
    }

    /// What happens to the search: what the person asked, and what the services answered.
    public enum Event: Hashable, Sendable {
        /// The person asked for this.
        case action(Action)
        /// The server answered the lookup of this word, or it failed.
        case found(String, Result<[HabitIdea], HabitsError>)
        /// The idea of this name was added as a habit, or could not be.
        case added(String, Result<Int64, HabitsError>)
    }

    /// What a step asks for: a write, whose answer comes back as an event, or a route. (The
    /// lookup is not an effect: the state asks for it, see ``State/pendingKeyword``.)
    public enum Effect: Hashable, Sendable {
        /// Add this idea as a habit.
        case add(HabitIdea)
        /// Go there.
        case route(HabitRoute)
    }

    /// Folds `event` into `state` and returns what the step asks for: a pure function, tested
    /// on its own.
    public static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .action(let action):
            return reduce(&state, action)
        case .found(let keyword, let result):
            // An answer to a word no longer asked about is dropped.
            guard state.pendingKeyword == keyword else { break }
            switch result {
            case .success(let ideas):
                state.lookup = .found(keyword, ideas)
                state.selectedIndex = 0
            case .failure(let error):
                state.lookup = .failed(keyword, error)
            }
        case .added(let name, .success):
            state.message = "Added “\(name)”."
            return [.route(.back)]
        case .added(_, .failure(let error)):
            state.message = "Could not add the habit: \(error.message)"
        }
        return []
    }

    /// Folds what the person asked into `state`. A message lasts until the next action.
    private static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
        state.message = nil
        switch action {
        case .edit(let draft, let overflowed):
            guard state.draft != nil else { break }
            state.draft = draft
            if overflowed { state.message = HabitRules.textCutShort }
        case .search:
            let keyword = (state.draft?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !keyword.isEmpty else {
                state.message = "Type a word to look up, like “read”."
                break
            }
            state.draft = nil
            state.lookup = .loading(keyword)
        case .beginSearch:
            state.draft = state.draft ?? Draft(state.keyword ?? "")
        case .cancelSearch:
            guard state.keyword != nil else { return [.route(.back)] }
            state.draft = nil
        case .select(let index):
            guard state.ideas.indices.contains(index) else { break }
            state.selectedIndex = index
        case .add:
            guard state.ideas.indices.contains(state.selectedIndex) else { break }
            return [.add(state.ideas[state.selectedIndex])]
        case .showHelp(let isShowing):
            state.isShowingHelp = isShowing
        case .back:
            return [.route(.back)]
        }
        return []
    }
}
