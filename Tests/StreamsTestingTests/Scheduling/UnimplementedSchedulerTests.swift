import Streams
import StreamsTesting
import Testing

@Test func unimplementedSchedulerFailsWhenWorkIsScheduled() {
    let line = #line + 1
    let scheduler = UnimplementedScheduler()
    let log = Log<Int>()
    withKnownIssue {
        scheduler.schedule(after: .milliseconds(300), label: "debounce(300ms)") { log.append(1) }
    } matching: { issue in
        issue.comments.contains {
            $0.rawValue == "UnimplementedScheduler was asked to schedule \"debounce(300ms)\" after 300ms"
        } && issue.sourceLocation?.line == line
    }
    #expect(log.all.isEmpty)
}

@Test func unimplementedSchedulerFailsWhenWorkIsScheduledNow() {
    let scheduler = UnimplementedScheduler("mainScheduler")
    withKnownIssue {
        scheduler.schedule {}
    } matching: { issue in
        issue.comments.contains { $0.rawValue == "mainScheduler was asked to schedule unlabelled work" }
    }
}

@Test func unimplementedSchedulerFailsWhenTheClockIsRead() {
    let scheduler = UnimplementedScheduler()
    withKnownIssue {
        _ = scheduler.now
    } matching: { issue in
        issue.comments.contains { $0.rawValue == "UnimplementedScheduler.now was read" }
    }
}

@Test func unimplementedSchedulerCanBeHeldWithoutFailing() {
    let scheduler: any Scheduler = UnimplementedScheduler()
    #expect(scheduler is UnimplementedScheduler)
}
