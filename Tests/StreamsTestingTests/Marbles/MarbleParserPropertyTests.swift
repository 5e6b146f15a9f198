import Streams
import StreamsTesting
import Testing

/// Random recordings drawn as marbles and read back, and random text through the parser. The
/// generator is seeded, so a failure names a case that reproduces it.
@Suite struct MarbleParserPropertyTests {
    private static let values = ["a": 1, "b": 2, "z": 26, "1": 100, "é": 5, "ten": 10, "m": 13, "two words": 22]
    private static let errors: [String: any Error] = ["oops": TestError("oops"), "x": TestError(7)]

    /// Events at non-decreasing times from `start`, some sharing a frame, maybe ending in a
    /// completion or an error.
    private static func randomRecording(
        startingAt start: Int, using generator: inout SeededGenerator
    ) -> [Recorded<Event<Int>>] {
        let keys = values.keys.sorted()
        var time = start
        var events: [Recorded<Event<Int>>] = []
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            time += [0, 0, 1, 2, 5, 13, 40, 1_000].randomElement(using: &generator) ?? 1
            let key = keys.randomElement(using: &generator) ?? "a"
            events.append(.next(time, values[key] ?? 0))
        }
        time += Int.random(in: 0...20, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: events.append(.completed(time))
        case 1: events.append(.error(time, MarbleDiagram.defaultError))
        case 2: events.append(.error(time, errors["oops"] ?? TestError(0)))
        case 3: events.append(.error(time, errors["x"] ?? TestError(0)))
        default: break
        }
        return events
    }

    private static func readBack(_ text: String, kind: MarbleDiagram.Kind) throws -> [Recorded<Event<Int>>] {
        try MarbleDiagram(text, kind: kind).events(values: values, errors: errors)
    }

    @Test func randomRecordingsDrawnAsMarblesReadBackToThemselves() throws {
        var generator = SeededGenerator(seed: 31_337)
        for iteration in 0..<1_000 {
            let recording = Self.randomRecording(startingAt: 0, using: &generator)
            let drawn = MarbleDiagram.render(recording, values: Self.values, errors: Self.errors)
            #expect(try Self.readBack(drawn, kind: .events) == recording, "iteration \(iteration): \(drawn)")
        }
    }

    @Test func randomHotRecordingsWithEventsBeforeFrameZeroReadBackToThemselves() throws {
        var generator = SeededGenerator(seed: 2_718)
        for iteration in 0..<1_000 {
            let start = -Int.random(in: 1...3_000, using: &generator)
            let recording = Self.randomRecording(startingAt: start, using: &generator)
            let drawn = MarbleDiagram.render(recording, values: Self.values, errors: Self.errors)
            #expect(try Self.readBack(drawn, kind: .hot) == recording, "iteration \(iteration): \(drawn)")
        }
    }

    @Test func randomSubscriptionsDrawnAsMarblesReadBackToThemselves() throws {
        var generator = SeededGenerator(seed: 1_618)
        for iteration in 0..<1_000 {
            let start = Int.random(in: 0...400, using: &generator)
            let isLive = Bool.random(using: &generator)
            let subscription = Subscription(start, isLive ? .max : start + Int.random(in: 0...400, using: &generator))
            let drawn = MarbleDiagram.render(subscription)
            let again = try MarbleDiagram(drawn, kind: .subscription).subscription()
            #expect(again == subscription, "iteration \(iteration): \(drawn)")
        }
    }

    /// Text made mostly of marble symbols, so that the parser gets far before it finds a mistake.
    private static func randomText(using generator: inout SeededGenerator) -> String {
        let pieces = [
            "-", "-", "a", "b", "|", "#", "(", ")", "^", "!", "{", "}", "{ab}", "#{x}", "+", "@", "5", "12",
            "ms", "s", "m", "h", " ", "\t", "é", "\u{0}", "99999999999999999999", "+10ms ", "@30 ",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...16, using: &generator) {
            text += pieces.randomElement(using: &generator) ?? "-"
        }
        return text
    }

    @Test func randomTextParsesOrNamesAColumnInsideTheText() {
        var generator = SeededGenerator(seed: 404)
        let kinds: [MarbleDiagram.Kind] = [.events, .hot, .subscription]
        var parsed = 0
        var refused = 0
        for iteration in 0..<3_000 {
            let text = Self.randomText(using: &generator)
            let kind = kinds[iteration % kinds.count]
            do {
                _ = try MarbleDiagram(text, kind: kind)
                parsed += 1
            } catch {
                refused += 1
                #expect(
                    (1...(text.unicodeScalars.count + 1)).contains(error.column),
                    "iteration \(iteration): \(text.debugDescription) gave column \(error.column)")
            }
        }
        // Both outcomes must be common, or the text is too tame or too wild to mean much.
        #expect(parsed > 300)
        #expect(refused > 300)
    }

    /// Found by fuzzing: a tab is free like a space, so a value whose key is a tab was drawn as
    /// a bare tab, which reads back as nothing.
    @Test func aValueKeyedByATabDrawsBackToItself() throws {
        let events: [Recorded<Event<String>>] = try MarbleDiagram("{\t}-a").events(values: ["\t": "tab", "a": "a"])
        let drawn = MarbleDiagram.render(events, values: ["\t": "tab", "a": "a"])
        #expect(drawn == "{\t}-a")
        #expect(try MarbleDiagram(drawn).events(values: ["\t": "tab", "a": "a"]) == events)
    }

    /// Found by fuzzing (a hang): a long gap before a hot source's ^ was drawn as one dash per
    /// frame, so `+40m` before `^` drew 2,400,000 dashes.
    @Test func aLongGapBeforeFrameZeroIsDrawnAsAJump() throws {
        let recording: [Recorded<Event<Int>>] = [.next(-1_000_000, 1), .next(-10, 2), .completed(5)]
        let drawn = MarbleDiagram.render(recording, values: Self.values)
        #expect(drawn == "a +999990 b---------^----|")
        #expect(try Self.readBack(drawn, kind: .hot) == recording)
    }

    /// Found by fuzzing: a failure drawn as `#` right before a value drawn as `{key}` read back
    /// as `#{key}`, a failure named by the key.
    @Test func aFailureBeforeAValueWithALongKeyDrawsBackToBoth() throws {
        let values = ["ten": 10]
        let recording: [Recorded<Event<Int>>] = [.error(0, MarbleDiagram.defaultError), .next(1, 10)]
        let grouped: [Recorded<Event<Int>>] = [.error(0, MarbleDiagram.defaultError), .next(0, 10)]
        #expect(MarbleDiagram.render(recording, values: values) == "# {ten}")
        #expect(MarbleDiagram.render(grouped, values: values) == "(# {ten})")
        #expect(try MarbleDiagram("# {ten}").events(values: values) == recording)
        #expect(try MarbleDiagram("(# {ten})").events(values: values) == grouped)
    }

    /// Found by fuzzing: a key that is a combining mark joins the `(`, `{` or `}` before it into
    /// one grapheme, so checks by character missed the brace: a group at frame 0 of a hot
    /// source was wrapped in a second group, and a bare `#` ran into a `{key}` after it.
    @Test func combiningMarksAfterBracesStillDrawAsBraces() throws {
        let mark = "\u{0612}"
        let values = [mark: mark, "c": "c"]
        let hot: [Recorded<Event<String>>] = [.next(-5, "c"), .next(0, mark), .next(0, "c"), .completed(0)]
        let drawnHot = MarbleDiagram.render(hot, values: values)
        #expect(drawnHot == "c----(^\(mark)c|)")
        #expect(try MarbleDiagram(drawnHot, kind: .hot).events(values: values) == hot)

        let errorFirst: [Recorded<Event<String>>] = [.error(0, MarbleDiagram.defaultError), .next(1, "\(mark)x")]
        let drawn = MarbleDiagram.render(errorFirst, values: ["\(mark)x": "\(mark)x"])
        #expect(drawn == "# {\(mark)x}")
        #expect(try MarbleDiagram(drawn).events(values: ["\(mark)x": "\(mark)x"]) == errorFirst)
    }

    /// Found by fuzzing: a `^` inside a key counted as a hot source's frame 0, so `@N` before it
    /// was refused as "counts from ^, which comes later".
    @Test func aCaretInsideAKeyIsNotFrameZero() throws {
        let values = ["a": 1, "-^+": 2]
        let events: [Recorded<Event<Int>>] = try MarbleDiagram("a @20 {-^+}", kind: .hot).events(values: values)
        #expect(events == [.next(0, 1), .next(20, 2)])
    }

    @Test func randomDiagramsThatParseDrawBackToTheSameEvents() throws {
        var generator = SeededGenerator(seed: 5_150)
        var checked = 0
        for iteration in 0..<3_000 {
            let text = Self.randomText(using: &generator)
            guard let diagram = try? MarbleDiagram(text) else { continue }
            var keys: [String: String] = [:]
            var errors: [String: any Error] = [:]
            for token in diagram.tokens {
                if case .value(let key) = token.marble { keys[key] = key }
                if case .error(let name?) = token.marble { errors[name] = TestError(name) }
            }
            let events: [Recorded<Event<String>>] = try diagram.events(values: keys, errors: errors)
            let drawn = MarbleDiagram.render(events, values: keys, errors: errors)
            let again: [Recorded<Event<String>>] = try MarbleDiagram(drawn).events(values: keys, errors: errors)
            #expect(
                again == events, "iteration \(iteration): \(text.debugDescription) drew as \(drawn.debugDescription)")
            checked += 1
        }
        #expect(checked > 300)
    }
}
