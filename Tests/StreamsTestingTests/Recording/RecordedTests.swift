import Streams
import StreamsTesting
import Testing

@Test func recordedFactoriesStampEvents() {
    let next: Recorded<Event<Int>> = .next(210, 4)
    let completed: Recorded<Event<Int>> = .completed(300)
    #expect(next.time == 210)
    #expect(next.value == .next(4))
    #expect(completed.value == .completed)
}

@Test func recordedEventsCompareTimeAndValue() {
    let events: [Recorded<Event<Int>>] = [.next(210, 4), .completed(300)]
    #expect(events == [.next(210, 4), .completed(300)])
    #expect(events != [.next(211, 4), .completed(300)])
    #expect(events != [.next(210, 5), .completed(300)])
}

@Test func recordedErrorsCompareByTypeAndDescription() {
    let error: Recorded<Event<Int>> = .error(250, TestError(1))
    #expect(error == .error(250, TestError(1)))
    #expect(error != .error(250, TestError(2)))
    #expect(error != .error(250, TestError("1")))
}

@Test func recordedDescribesValueAndTime() {
    let next: Recorded<Event<Int>> = .next(210, 4)
    #expect(next.description == "next(4) @ 210")
}

@Test func recordedEventsBuildsAnArrayOfEvents() {
    let events = Recorded.events(.next(210, 1), .completed(300))
    #expect(events == [.next(210, 1), .completed(300)])
    #expect(Recorded.completed(300, Int.self) == .completed(300))
}

@Test func recordedErrorCanNameTheElementType() {
    let events = [Recorded.error(250, TestError(1), Int.self)]
    #expect(events == [.error(250, TestError(1))])
    #expect(type(of: events) == [Recorded<Event<Int>>].self)
}
