import Streams
import StreamsTesting
import Testing

/// The tokens of a diagram as `frame:symbol` strings, compact enough to compare in one line.
private func parsed(_ text: String, _ kind: MarbleDiagram.Kind = .events) throws -> [String] {
    try MarbleDiagram(text, kind: kind).tokens.map { token in
        switch token.marble {
        case .value(let key): return "\(token.frame):\(key)"
        case .completed: return "\(token.frame):|"
        case .error(let name): return "\(token.frame):#\(name.map { "{\($0)}" } ?? "")"
        case .subscribe: return "\(token.frame):^"
        case .unsubscribe: return "\(token.frame):!"
        }
    }
}

/// The error a diagram is refused with.
private func refusal(_ text: String, _ kind: MarbleDiagram.Kind = .events) -> MarbleSyntaxError? {
    do {
        _ = try MarbleDiagram(text, kind: kind)
        return nil
    } catch {
        return error
    }
}

// MARK: - Tokens

@Test func dashIsOneFrameAndAValueOccupiesItsFrame() throws {
    #expect(try parsed("-a-b") == ["1:a", "3:b"])
    #expect(try parsed("ab") == ["0:a", "1:b"])
}

@Test func spacesAreFree() throws {
    #expect(try parsed("  - a  -   b ") == ["1:a", "3:b"])
}

@Test func bracedKeysHaveSeveralCharacters() throws {
    #expect(try parsed("-{swift}-{r1}") == ["1:swift", "3:r1"])
}

@Test func completedAndErrorsOccupyTheirFrame() throws {
    #expect(try parsed("a|") == ["0:a", "1:|"])
    #expect(try parsed("--#") == ["2:#"])
    #expect(try parsed("-#{timeout}") == ["1:#{timeout}"])
}

@Test func groupPutsItsEventsAtOneFrameAndCostsOneFrame() throws {
    #expect(try parsed("-(ab|)") == ["1:a", "1:b", "1:|"])
    #expect(try parsed("(ab)c") == ["0:a", "0:b", "1:c"])
    #expect(try parsed("( a {bc} )-d") == ["0:a", "0:bc", "2:d"])
}

@Test func caretIsFrameZeroOfAHotSourceAndEarlierFramesAreNegative() throws {
    #expect(try parsed("-a-^-b--|", .hot) == ["-2:a", "2:b", "5:|"])
    #expect(try parsed("a-b", .hot) == ["0:a", "2:b"])
}

@Test func plusCountsFromThePreviousEventsFrame() throws {
    #expect(try parsed("a +5 b") == ["0:a", "5:b"])
    #expect(try parsed("-a +10ms b +2s c") == ["1:a", "11:b", "2011:c"])
    #expect(try parsed("+1m a") == ["60000:a"])
    #expect(try parsed("(ab) +3 c") == ["0:a", "0:b", "3:c"])
}

@Test func plusCountsFromTheFrameOfAnAtAnchor() throws {
    #expect(try parsed("@200 +10 a") == ["210:a"])
}

@Test func atJumpsToAnAbsoluteFrame() throws {
    #expect(try parsed("a @210 b") == ["0:a", "210:b"])
    #expect(try parsed("@1s a") == ["1000:a"])
}

@Test func atCountsFromCaretInAHotSource() throws {
    #expect(try parsed("--^ @10 a", .hot) == ["10:a"])
}

@Test func subscriptionDiagramsMarkSubscribeAndUnsubscribe() throws {
    #expect(try parsed("^---!", .subscription) == ["0:^", "4:!"])
    #expect(try parsed("@4 ^ @10 !", .subscription) == ["4:^", "10:!"])
    #expect(try parsed("--(^!)", .subscription) == ["2:^", "2:!"])
    #expect(try MarbleDiagram("-^--!", kind: .subscription).subscription() == Subscription(1, 4))
    #expect(try MarbleDiagram("--^", kind: .subscription).subscription(origin: 100) == Subscription(102))
}

@Test func anyOtherCharacterIsAOneCharacterKey() throws {
    #expect(try parsed("1x*é") == ["0:1", "1:x", "2:*", "3:é"])
}

@Test func eventsLooksUpValuesAndErrorsAtOriginPlusFrame() throws {
    let diagram = try MarbleDiagram("-a-(b#{boom})")
    let events: [Recorded<Event<Int>>] = try diagram.events(
        values: ["a": 1, "b": 2], errors: ["boom": TestError(7)], origin: 100)
    #expect(events == [.next(101, 1), .next(103, 2), .error(103, TestError(7))])
}

@Test func plainHashFailsWithTheDefaultErrorOrTheOneGivenForHash() throws {
    let diagram = try MarbleDiagram("#")
    let byDefault: [Recorded<Event<Int>>] = try diagram.events(values: [:])
    #expect(byDefault == [.error(0, TestError("error"))])
    let given: [Recorded<Event<Int>>] = try diagram.events(values: [:], errors: ["#": TestError(1)])
    #expect(given == [.error(0, TestError(1))])
}

// MARK: - Errors, each with its column

@Test func missingValueKeyIsAnErrorAtItsColumn() throws {
    let diagram = try MarbleDiagram("-a-x")
    #expect(throws: MarbleSyntaxError(message: "no value for key x in values (has a)", column: 4, text: "-a-x")) {
        let _: [Recorded<Event<Int>>] = try diagram.events(values: ["a": 1])
    }
}

@Test func missingBracedKeyIsAnErrorAtItsColumn() throws {
    let diagram = try MarbleDiagram("--{r2}")
    #expect(
        throws: MarbleSyntaxError(message: "no value for key {r2} in values (none given)", column: 3, text: "--{r2}")
    ) {
        let _: [Recorded<Event<Int>>] = try diagram.events(values: [:])
    }
}

@Test func missingErrorKeyIsAnErrorAtItsColumn() throws {
    let diagram = try MarbleDiagram("a#{boom}")
    #expect(
        throws: MarbleSyntaxError(
            message: "no error for key {boom} in errors (none given)", column: 2, text: "a#{boom}")
    ) {
        let _: [Recorded<Event<String>>] = try diagram.events(values: ["a": "a"])
    }
}

@Test func unknownUnitIsAnErrorAtTheUnit() {
    let error = refusal("a +10h b")
    #expect(error?.column == 6)
    #expect(error?.message == "unknown unit \"h\" (units: ms, s, m, or none for ticks; put a space before a value)")
}

@Test func valueGluedToADurationIsAnUnknownUnitNotASilentValue() {
    #expect(refusal("a +10b")?.column == 6)
    #expect(refusal("@5a")?.column == 3)
}

@Test func plusWithoutANumberIsAnError() {
    #expect(refusal("a + b")?.message == "+ needs a number of ticks, such as +10ms")
    #expect(refusal("a + b")?.column == 3)
}

@Test func plusZeroIsAnError() {
    #expect(refusal("a +0 b")?.column == 3)
}

@Test func dashesBeforePlusAreAnErrorBecauseTheyWouldNotCount() {
    let error = refusal("a-- +5 b")
    #expect(error?.column == 5)
    #expect(error?.message.hasPrefix("+5 counts from the previous event") == true)
}

@Test func nestedGroupIsAnErrorAtTheInnerParenthesis() {
    let error = refusal("a((b))")
    #expect(error?.column == 3)
    #expect(error?.message == "groups cannot be nested (the group at column 2 is still open)")
}

@Test func unclosedGroupIsAnErrorAtItsOpening() {
    #expect(refusal("-(ab")?.column == 2)
    #expect(refusal("-(ab")?.message == "unbalanced (: the group is never closed")
}

@Test func closingParenthesisWithoutAGroupIsAnError() {
    #expect(refusal("ab)")?.column == 3)
}

@Test func emptyGroupIsAnError() {
    #expect(refusal("a()")?.column == 3)
}

@Test func dashInsideAGroupIsAnError() {
    #expect(refusal("(a-b)")?.column == 3)
}

@Test func timeProgressionInsideAGroupIsAnError() {
    #expect(refusal("(a +5 b)")?.column == 4)
    #expect(refusal("(a @5 b)")?.column == 4)
}

@Test func unclosedKeyIsAnErrorAtItsBrace() {
    #expect(refusal("a{bc")?.column == 2)
    #expect(refusal("a{}")?.column == 2)
    #expect(refusal("a}")?.column == 2)
}

@Test func secondCaretIsAnErrorNamingTheFirst() {
    let error = refusal("-^-^", .hot)
    #expect(error?.column == 4)
    #expect(error?.message == "a second ^ (the first is at column 2)")
}

@Test func caretInAColdSourceOrExpectationIsAnError() {
    #expect(refusal("-^-a")?.column == 2)
}

@Test func bangOutsideSubscriptionDiagramsIsAnError() {
    #expect(refusal("a!", .hot)?.column == 2)
    #expect(refusal("a!")?.column == 2)
}

@Test func secondBangIsAnError() {
    #expect(refusal("^-!-!", .subscription)?.column == 5)
}

@Test func bangBeforeCaretIsAnError() {
    #expect(refusal("-!-^", .subscription)?.column == 2)
}

@Test func valuesInASubscriptionDiagramAreAnError() {
    #expect(refusal("^-a-!", .subscription)?.column == 3)
    #expect(refusal("^-|", .subscription)?.column == 3)
}

@Test func subscriptionDiagramWithoutCaretHasNoSubscription() throws {
    let diagram = try MarbleDiagram("---", kind: .subscription)
    #expect(throws: MarbleSyntaxError.self) { try diagram.subscription() }
}

@Test func atBehindTheDiagramIsAnError() {
    #expect(refusal("@5 a @2 b")?.message == "@2 is behind the diagram, already at frame 6")
}

@Test func atBeforeCaretInAHotSourceIsAnError() {
    #expect(refusal("@5 a ^", .hot)?.column == 1)
}

@Test func syntaxErrorDescriptionPointsAtTheColumn() {
    let error = MarbleSyntaxError(message: "unbalanced ): no group is open", column: 3, text: "ab)")
    #expect(error.description == "column 3: unbalanced ): no group is open\n  ab)\n    ^")
}
