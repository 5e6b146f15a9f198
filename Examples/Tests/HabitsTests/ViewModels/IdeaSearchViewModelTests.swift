import Habits
import Streams
import StreamsTesting
import Testing

private typealias State = IdeaSearchViewModel.State
private typealias Action = IdeaSearchViewModel.Action

private let read = [HabitIdea(name: "Read 20 pages", category: .mind)]
private let walk = [
    HabitIdea(name: "Walk 30 minutes", category: .health), HabitIdea(name: "Walk the dog", category: .home),
]

/// Where a lookup stands, in a word, for marbles.
private func phase(_ state: State) -> String {
    switch state.lookup {
    case .idle: "idle"
    case .loading(let keyword): "asking \(keyword)"
    case .found(let keyword, let ideas): "\(ideas.count) about \(keyword)"
    case .failed(let keyword, let error): "\(keyword): \(error.message)"
    }
}

@Test func aNewSearchCancelsTheLookupStillRunning() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        // The server is slow about "read" and quick about "walk".
        let readAnswer = scheduler.cold("@10 (r|)", values: ["r": Result<[HabitIdea], HabitsError>.success(read)])
        let walkAnswer = scheduler.cold("@3 (w|)", values: ["w": Result<[HabitIdea], HabitsError>.success(walk)])
        let service = FakeIdeaSearchService(ideas: { keyword in
            (keyword == "read" ? readAnswer : walkAnswer).asObservable()
        })
        let actions = scheduler.hot(
            "-rs--/ws",
            values: [
                "r": .edit(Draft("read"), overflowed: false), "s": .search, "/": .beginSearch,
                "w": .edit(Draft("walk"), overflowed: false),
            ] as [String: Action])
        let output = IdeaSearchViewModel(service: service, scheduler: scheduler).transform(
            input: .init(actions: actions.asObservable()))
        let phases = harness.record(output.state.map(phase).distinctUntilChanged(), "phase")

        scheduler.advance(to: 50)

        harness.expect(
            phases, "i-R----W--F",
            values: ["i": "idle", "R": "asking read", "W": "asking walk", "F": "2 about walk"])
        harness.expectSubscriptions(readAnswer, ["@2 ^ @7 !"])  // the stale request was cancelled
        harness.expectSubscriptions(walkAnswer, ["@7 ^ @10 !"])
    }
}

@Test func aFailedLookupSaysWhyAndASecondTryAsksAgain() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let answers = scheduler.cold(
            "@5 (x|)", "@5 (r|)",
            values: [
                "x": Result<[HabitIdea], HabitsError>.failure(HabitsError("the habits server did not answer in time")),
                "r": .success(read),
            ])
        let service = FakeIdeaSearchService(ideas: { _ in answers.asObservable() })
        let actions = scheduler.hot(
            "-rs-------/s",
            values: ["r": .edit(Draft("read"), overflowed: false), "s": .search, "/": .beginSearch] as [String: Action])
        let output = IdeaSearchViewModel(service: service, scheduler: scheduler).transform(
            input: .init(actions: actions.asObservable()))
        let phases = harness.record(output.state.map(phase).distinctUntilChanged(), "phase")

        scheduler.advance(to: 50)

        harness.expect(
            phases, "i-R----X---R----F",
            values: [
                "i": "idle", "R": "asking read", "X": "read: the habits server did not answer in time",
                "F": "1 about read",
            ])
        harness.expectSubscriptions(answers, ["@2 ^ @7 !", "@11 ^ @16 !"])
    }
}

@Test func addingAnIdeaGoesBackToTheList() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let service = FakeIdeaSearchService(
            ideas: { _ in .just(.success(walk)) },
            add: { idea in
                #expect(idea == walk[1])
                return .just(.success(9))
            })
        let actions = scheduler.hot(
            "-ws-ja",
            values: ["w": .edit(Draft("walk"), overflowed: false), "s": .search, "j": .select(1), "a": .add]
                as [String: Action])
        let output = IdeaSearchViewModel(service: service, scheduler: scheduler).transform(
            input: .init(actions: actions.asObservable()))
        let route = harness.record(output.route, "route")
        let message = harness.record(output.state.map { $0.message ?? "-" }.distinctUntilChanged(), "message")
        scheduler.advance(to: 50)
        harness.expect(route, "-----b", values: ["b": HabitRoute.back])
        harness.expect(message, "n----a", values: ["n": "-", "a": "Added “Walk the dog”."])
    }
}

@Test func reduceAsksForAWordBeforeLookingUp() {
    var state = State()
    #expect(IdeaSearchViewModel.reduce(&state, .action(.search)).isEmpty)
    #expect(state.message == "Type a word to look up, like “read”.")
    #expect(state.pendingKeyword == nil)
    #expect(state.draft == Draft())  // the prompt stays open
}

@Test func reduceLeavesOnEscapeOnlyWhenNothingWasLookedUp() {
    var state = State()
    #expect(IdeaSearchViewModel.reduce(&state, .action(.cancelSearch)) == [.route(.back)])
    state.draft = nil
    state.lookup = .found("read", read)
    _ = IdeaSearchViewModel.reduce(&state, .action(.beginSearch))
    #expect(state.draft == Draft("read"))
    #expect(IdeaSearchViewModel.reduce(&state, .action(.cancelSearch)).isEmpty)
    #expect(state.draft == nil)
}

@Test func reduceDropsAnAnswerToAWordNoLongerAskedAbout() {
    var state = State()
    state.lookup = .loading("walk")
    _ = IdeaSearchViewModel.reduce(&state, .found("read", .success(read)))
    #expect(state.lookup == .loading("walk"))
}
