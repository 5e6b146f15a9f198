import Habits
import Streams
import StreamsTesting
import Testing

private typealias State = HabitListViewModel.State

/// `state` after `events`, folded one at a time by the reducer.
private func folded(from state: State = State(), _ events: HabitListViewModel.Event...) -> State {
    var state = state
    for event in events { _ = HabitListViewModel.reduce(&state, event) }
    return state
}

@Test func reduceSelectsTheFirstHabitOnceLoaded() {
    let state = folded(.habitsLoaded(.success([Fixtures.habit(1, "Read"), Fixtures.habit(2, "Walk")])))
    #expect(state.isLoading == false)
    #expect(state.selectedID == 1)
}

@Test func reduceSelectsOnlyRowsOfTheList() {
    var state = folded(.habitsLoaded(.success([Fixtures.habit(1, "Read"), Fixtures.habit(2, "Walk")])))
    state = folded(from: state, .action(.select(1)))
    #expect(state.selectedID == 2)
    state = folded(from: state, .action(.select(5)))
    #expect(state.selectedID == 2)
}

@Test func reduceRefusesABlankNameAndClosesThePrompt() {
    var state = folded(.action(.beginAdding), .action(.edit(Draft("  "), overflowed: false)))
    #expect(state.draft == Draft("  "))
    let effects = HabitListViewModel.reduce(&state, .action(.add))
    #expect(effects.isEmpty)
    #expect(state.draft == nil)
    #expect(state.message == "A habit needs a name.")
}

@Test func reduceAsksToAddATrimmedName() {
    var state = folded(.action(.beginAdding), .action(.edit(Draft(" Walk "), overflowed: false)))
    #expect(HabitListViewModel.reduce(&state, .action(.add)) == [.add("Walk")])
    #expect(state.draft == nil)
    #expect(state.message == nil)
}

@Test func reduceSaysWhenTypedTextDidNotFit() {
    let state = folded(.action(.beginAdding), .action(.edit(Draft("Read"), overflowed: true)))
    #expect(state.message == HabitRules.textCutShort)
}

@Test func reduceTogglesTodayFromWhatTheListShows() {
    var state = folded(
        .habitsLoaded(.success([Fixtures.habit(1, "Read", doneToday: true), Fixtures.habit(2, "Walk")])))
    #expect(HabitListViewModel.reduce(&state, .action(.toggleToday(1))) == [.setDone(false, habitID: 1)])
    #expect(HabitListViewModel.reduce(&state, .action(.toggleToday(2))) == [.setDone(true, habitID: 2)])
    #expect(HabitListViewModel.reduce(&state, .action(.toggleToday(3))).isEmpty)
}

@Test func typingANameAddsTheHabitAndSelectsIt() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let stored = scheduler.createColdObservable([
            .next(1, Result<[HabitSummaryObject], HabitsError>.success([Fixtures.habit(1, "Read")])),
            .next(31, .success([Fixtures.habit(1, "Read"), Fixtures.habit(2, "Walk")])),
        ])
        let service = FakeHabitListService(
            habits: { _ in stored.asObservable() },
            add: { name in
                #expect(name == "Walk")
                return .just(.success(2))
            })
        let output = HabitListViewModel(service: service, scheduler: scheduler).transform(
            input: .init(
                actions: scheduler.createHotObservable([
                    .next(10, .beginAdding), .next(20, .edit(Draft("Walk "), overflowed: false)), .next(30, .add),
                ])
                .asObservable()))
        let state = harness.record(
            output.state.map { [$0.selectedID.map(String.init) ?? "-", $0.draft?.text ?? "-"] }.distinctUntilChanged(),
            "state")
        scheduler.advance(to: 100)
        harness.expect(
            state,
            [
                .next(0, ["-", "-"]), .next(1, ["1", "-"]), .next(10, ["1", ""]), .next(20, ["1", "Walk "]),
                .next(30, ["1", "-"]), .next(30, ["2", "-"]),
            ])
        harness.expectSubscriptions(stored, [Subscription(0)])
    }
}

@Test func checkingInAndTakingItBackAreSaidInTheStatusLine() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let stored = scheduler.createColdObservable([
            .next(1, Result<[HabitSummaryObject], HabitsError>.success([Fixtures.habit(7, "Read")])),
            .next(11, .success([Fixtures.habit(7, "Read", days: 1, doneToday: true)])),
        ])
        let service = FakeHabitListService(
            habits: { _ in stored.asObservable() },
            setDone: { isDone, id in
                #expect(id == 7)
                return .just(.success(true))
            })
        let output = HabitListViewModel(service: service, scheduler: scheduler).transform(
            input: .init(
                actions: scheduler.createHotObservable([.next(10, .toggleToday(7)), .next(20, .toggleToday(7))])
                    .asObservable()))
        let messages = harness.record(output.state.map(\.message).distinctUntilChanged(), "message")
        scheduler.advance(to: 100)
        harness.expect(
            messages,
            [
                .next(0, nil), .next(10, "Checked in for today."), .next(20, nil),  // until the next key
                .next(20, "Today's check-in taken back."),
            ])
        harness.expectSubscriptions(stored, [Subscription(0)])
    }
}

@Test func openingLookingUpAndQuittingAreRoutes() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let service = FakeHabitListService(habits: { _ in .never() })
        let output = HabitListViewModel(service: service, scheduler: scheduler).transform(
            input: .init(
                actions: scheduler.hot(
                    "-o-i-q",
                    values: ["o": .open(3), "i": .findIdeas, "q": .quit] as [String: HabitListViewModel.Action]
                )
                .asObservable()))
        let state = harness.record(output.state, "state")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 100)
        harness.expect(state, [.next(0, State())])
        harness.expect(route, "-o-i-q", values: ["o": .detail(habitID: 3), "i": .ideas, "q": .quit])
    }
}

@Test func aFailedReadIsShownAndLaterValuesStillArrive() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let stored = scheduler.createColdObservable([
            .next(1, Result<[HabitSummaryObject], HabitsError>.failure(HabitsError("disk I/O error"))),
            .next(5, .success([Fixtures.habit(1, "Read")])),
        ])
        let service = FakeHabitListService(habits: { _ in stored.asObservable() })
        let output = HabitListViewModel(service: service, scheduler: scheduler).transform(input: .init())
        let state = harness.record(output.state.map { "\($0.habits.count) \($0.message ?? "")" }, "state")
        scheduler.advance(to: 100)
        harness.expect(
            state,
            [
                .next(0, "0 "), .next(1, "0 Could not read the habits: disk I/O error"),
                .next(5, "1 Could not read the habits: disk I/O error"),
            ])
        harness.expectSubscriptions(stored, [Subscription(0)])
    }
}
