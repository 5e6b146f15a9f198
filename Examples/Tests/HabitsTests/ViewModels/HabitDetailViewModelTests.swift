import Foundation
import Habits
import Streams
import StreamsTesting
import Testing

private func detail(days: [Int], name: String = "Read") -> HabitDetail {
    HabitDetail(
        habit: HabitObject(
            id: 1, name: name, createdAt: Date(timeIntervalSince1970: 0), checkIns: days.map { Day(number: $0) }),
        today: Fixtures.today)
}

@Test func streakCountsDaysInARowUpToTodayOrYesterday() {
    #expect(detail(days: [20_000, 19_999, 19_998, 19_996]).streak == 3)
    #expect(detail(days: [19_999, 19_998]).streak == 2)  // today is not over yet
    #expect(detail(days: [19_998]).streak == 0)
}

@Test func reduceSaysWhenTheHabitIsGone() {
    var state = HabitDetailViewModel.State()
    let effects = HabitDetailViewModel.reduce(&state, .detailLoaded(.success(nil)))
    #expect(effects.isEmpty)
    #expect(state.isLoading == false)
    #expect(state.message == "This habit no longer exists.")
}

@Test func renamingStartsFromTheNameAndAsksForTheTrimmedOne() {
    var state = HabitDetailViewModel.State()
    _ = HabitDetailViewModel.reduce(&state, .detailLoaded(.success(detail(days: []))))
    _ = HabitDetailViewModel.reduce(&state, .action(.beginRenaming))
    #expect(state.draft == Draft("Read"))
    _ = HabitDetailViewModel.reduce(&state, .action(.edit(Draft("Read more "), overflowed: false)))
    #expect(HabitDetailViewModel.reduce(&state, .action(.rename)) == [.rename("Read more")])
    #expect(state.draft == nil)
}

@Test func detailFollowsTheStoredHistoryChecksInAndRenames() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let stored = scheduler.cold(
            "-a---------b---------c",
            values: [
                "a": .success(detail(days: [19_999])), "b": .success(detail(days: [20_000, 19_999])),
                "c": .success(detail(days: [20_000, 19_999], name: "Read more")),
            ] as [String: Result<HabitDetail?, HabitsError>])
        let service = FakeHabitDetailService(
            detail: { _ in stored.asObservable() }, setDone: { _ in .just(.success(true)) },
            rename: { .just(.success($0)) })
        let actions = scheduler.hot(
            "----------c-------r-e-n-------b",
            values: [
                "c": .toggleToday, "r": .beginRenaming, "e": .edit(Draft("Read more"), overflowed: false),
                "n": .rename, "b": .back,
            ] as [String: HabitDetailViewModel.Action])
        let output = HabitDetailViewModel(service: service, scheduler: scheduler).transform(
            input: .init(actions: actions.asObservable()))
        let heading = harness.record(
            output.state.map { state in state.detail.map { "\($0.habit.name) \($0.streak)" } ?? "…" }
                .distinctUntilChanged(),
            "heading")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 100)
        harness.expect(
            heading, "la---------b---------c", values: ["l": "…", "a": "Read 1", "b": "Read 2", "c": "Read more 2"])
        harness.expect(route, "------------------------------b", values: ["b": HabitRoute.back])
        harness.expectSubscriptions(stored, ["^"])
    }
}
