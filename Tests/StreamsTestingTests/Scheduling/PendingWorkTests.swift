import StreamsTesting
import Testing

@Test func pendingWorkDescribesLabelAndDueTime() {
    #expect(PendingWork(label: "debounce(300ms)", dueTime: 1300).description == "debounce(300ms) due at t=1300")
}

@Test func pendingWorkWithoutLabelSaysSo() {
    #expect(PendingWork(label: "", dueTime: 5).description == "unlabelled work due at t=5")
}

@Test func schedulerErrorListsAtMostTenPendingItems() {
    let scheduler = TestScheduler()
    for time in 1...12 { scheduler.scheduleAt(time * 1000, label: "job\(time)") {} }
    @Sendable func spin() { scheduler.schedule(label: "spin", spin) }
    scheduler.schedule(label: "spin", spin)
    #expect {
        try scheduler.run(maxSteps: 5)
    } throws: { error in
        let text = (error as? TestSchedulerError)?.message ?? ""
        return text.contains("spin due at t=0, job1 due at t=1000")
            && text.hasSuffix("job9 due at t=9000, … and 3 more")
    }
}
