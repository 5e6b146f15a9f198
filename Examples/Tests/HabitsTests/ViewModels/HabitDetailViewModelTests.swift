import Foundation
import Habits
import Streams
import StreamsTesting
import Testing

private func detail(days: [Int]) -> HabitDetail {
    HabitDetail(
        habit: HabitObject(
            id: 1, name: "Read", createdAt: Date(timeIntervalSince1970: 0), checkIns: days.map { Day(number: $0) }),
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

@Test func detailFollowsTheStoredHistoryAndChecksIn() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let stored = scheduler.createColdObservable([
            .next(1, Result<HabitDetail?, HabitsError>.success(detail(days: [19_999]))),
            .next(11, .success(detail(days: [20_000, 19_999]))),
        ])
        let service = FakeHabitDetailService(
            detail: { _ in stored.asObservable() }, checkIn: { .just(.success(true)) })
        let output = HabitDetailViewModel(service: service, scheduler: scheduler).transform(
            input: .init(
                actions: scheduler.createHotObservable([.next(10, .checkIn), .next(20, .back)]).asObservable()))
        let streak = harness.record(output.state.map { $0.detail?.streak }.distinctUntilChanged(), "streak")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 100)
        harness.expect(streak, [.next(0, nil), .next(1, 1), .next(11, 2)])
        harness.expect(route, [.next(20, HabitRoute.back)])
        harness.expectSubscriptions(stored, [Subscription(0)])
    }
}
