import Streams
import StreamsTesting
import Testing

private let letters = ["a": 1, "b": 2, "c": 3, "r1": 10]

/// Parses `text`, draws the events again, and returns the drawing.
private func roundTrip(_ text: String, _ kind: MarbleDiagram.Kind = .events) throws -> String {
    let events: [Recorded<Event<Int>>] = try MarbleDiagram(text, kind: kind).events(
        values: letters, errors: ["boom": TestError(9)])
    return MarbleDiagram.render(events, values: letters, errors: ["boom": TestError(9)])
}

@Test(arguments: [
    "-a-b|", "a", "---(ab|)", "-a-{r1}-#", "a-#{boom}", "(a#)", "ab(ca)c",
])
func canonicalDiagramsRoundTripUnchanged(_ text: String) throws {
    #expect(try roundTrip(text) == text)
}

@Test func spacesAndTimeProgressionRoundTripToTheirCanonicalForm() throws {
    #expect(try roundTrip(" a  +3 b ") == "a--b")
    #expect(try roundTrip("@2 a") == "--a")
}

@Test func longGapsRenderAsAtJumps() throws {
    #expect(try roundTrip("a +300ms b +1s |") == "a @300 b @1300 |")
    let again: [Recorded<Event<Int>>] = try MarbleDiagram("a @300 b @1300 |").events(values: letters)
    #expect(again == [.next(0, 1), .next(300, 2), .completed(1300)])
}

@Test func hotSourceWithEventsBeforeZeroRendersACaret() throws {
    #expect(try roundTrip("a-^-b|", .hot) == "a-^-b|")
    #expect(try roundTrip("a-(^b)", .hot) == "a-(^b)")
}

@Test func renderingUsesTheOriginAsFrameZero() {
    let events: [Recorded<Event<Int>>] = [.next(210, 1), .completed(212)]
    #expect(MarbleDiagram.render(events, values: letters, origin: 200) == "----------a-|")
}

@Test func valuesWithoutAKeyRenderAsNumberedUnknowns() {
    let events: [Recorded<Event<Int>>] = [.next(0, 1), .next(1, 42), .next(2, 43), .next(3, 42)]
    #expect(MarbleDiagram.render(events, values: ["a": 1]) == "a{?1}{?2}{?1}")
}

@Test func stringsAreTheirOwnKeysWhenNoValuesAreGiven() {
    let events: [Recorded<Event<String>>] = [.next(1, "a"), .next(2, "swift"), .completed(3)]
    #expect(MarbleDiagram.render(events) == "-a{swift}|")
}

@Test func unknownErrorsRenderAsNumberedUnknowns() {
    let events: [Recorded<Event<Int>>] = [.error(1, TestError(5))]
    #expect(MarbleDiagram.render(events, values: [:]) == "-#{?1}")
}

@Test func subscriptionsRenderAsSubscriptionDiagrams() throws {
    #expect(MarbleDiagram.render(Subscription(2, 5)) == "--^--!")
    #expect(MarbleDiagram.render(Subscription(3)) == "---^")
    #expect(MarbleDiagram.render(Subscription(4, 4)) == "----(^!)")
    #expect(MarbleDiagram.render(Subscription(210, 250), origin: 200) == "----------^ @50 !")
    for subscription in [Subscription(2, 5), Subscription(3), Subscription(4, 4), Subscription(14, 300)] {
        let text = MarbleDiagram.render(subscription)
        #expect(try MarbleDiagram(text, kind: .subscription).subscription() == subscription)
    }
}
