package import Streams

/// When the app fetches every feed by itself: at start, then every `period`, or never.
///
/// The app's `--reload MINUTES` option (or `RIVULET_RELOAD_MINUTES`) sets it; in production it
/// reloads at start and every 30 minutes, and in the fake environment (a scenario included) it
/// never does unless asked, so a demonstration stays as it was prepared.
package struct FeedReload: Sendable, Hashable {
    /// Time between two reloads, `nil` for none after the first.
    package var period: SchedulerDuration?
    /// Whether every feed is fetched when the app starts.
    package var atStart: Bool

    /// A reload plan.
    package init(period: SchedulerDuration?, atStart: Bool) {
        self.period = period
        self.atStart = atStart
    }

    /// No automatic reload.
    package static let never = FeedReload(period: nil, atStart: false)

    /// At start and every `minutes` minutes; `0` minutes means never.
    package static func every(minutes: Int) -> FeedReload {
        minutes > 0 ? FeedReload(period: .seconds(minutes * 60), atStart: true) : .never
    }

    /// The minutes between reloads in production when none are given.
    package static let defaultMinutes = 30
}

extension FeedListServiceType {
    /// Fetches every subscribed feed as `plan` says, for as long as it is subscribed: once at
    /// start and again each period. A reload still running when the next one is due is left
    /// to finish, and that tick is skipped. Each feed's outcome is stored with it (its items, or
    /// its last error), so the scenes see it through their own observations; the events are
    /// for whoever wants to follow progress.
    package func reloading(_ plan: FeedReload, scheduler: any Scheduler) -> Observable<FeedRefreshEvent> {
        let ticks: Observable<Int>
        switch (plan.atStart, plan.period) {
        case (false, nil): return .empty()
        case (true, nil): ticks = .just(0)
        case (let atStart, let period?):
            let periodic = Observable<Int>.interval(period, scheduler: scheduler).map { $0 + 1 }
            ticks = atStart ? periodic.startWith(0) : periodic
        }
        let service = self
        return ticks.flatMapFirst { _ -> Observable<FeedRefreshEvent> in
            service.observeFeeds(on: scheduler).take(1).concatMap { stored -> Observable<FeedRefreshEvent> in
                guard case .success(let feeds) = stored, !feeds.isEmpty else { return .empty() }
                return service.refresh(feedIDs: feeds.map(\.id))
            }
        }
    }
}
