package import Streams

/// What the home scene needs: live counts from the todos and the feeds.
///
/// ```swift
/// let service: any HomeServiceType = services.makeHomeService()
/// service.observeCounts(on: scheduler)
///     .subscribe(onNext: { counts in print(counts.activeTodos) })
///     .disposed(by: bag)
/// ```
package protocol HomeServiceType: Sendable {
    /// Observes the counts: once on subscribe, then after every change. A count that cannot be
    /// read is shown as 0; the stream never fails.
    func observeCounts(on scheduler: any Scheduler) -> Observable<HomeCounts>
}
