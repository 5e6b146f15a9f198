import Streams
import TerminalUI
import Testing

/// A driver on virtual time with a one-line screen showing `text`, recording frames and events.
private final class Harness {
    let scheduler = ManualScheduler()
    var text = "hello"
    var frames: [String] = []
    var events: [InputEvent] = []
    var renders = 0
    lazy var driver = TerminalDriver(
        scheduler: scheduler, size: TerminalSize(width: 10, height: 2),
        renderer: DiffRenderer(usesSynchronizedOutput: false),
        output: { [unowned self] in frames.append(String(decoding: $0, as: UTF8.self)) },
        render: { [unowned self] size in
            renders += 1
            var buffer = CellBuffer(size: size)
            buffer.put(text, x: 0, y: 0)
            return buffer
        },
        onEvent: { [unowned self] in events.append($0) })
}

@Test func keysAreDeliveredAsTheyArrive() {
    let harness = Harness()
    harness.driver.receive(Array("j\u{1B}[B".utf8))
    #expect(harness.events == [.key(.character("j")), .key(Key(.down))])
}

@Test func loneEscapeIsDeliveredAfterTheTimeout() {
    let harness = Harness()
    harness.driver.receive([0x1b])
    harness.scheduler.advance(by: 29)
    #expect(harness.events == [])
    harness.scheduler.advance(by: 1)
    #expect(harness.events == [.key(Key(.escape))])
}

@Test func sequenceCompletedBeforeTheTimeoutIsNotAnEscape() {
    let harness = Harness()
    harness.driver.receive([0x1b])
    harness.scheduler.advance(by: 10)
    harness.driver.receive(Array("[A".utf8))
    harness.scheduler.advance(by: 100)
    #expect(harness.events == [.key(Key(.up))])
}

@Test func escapeRestartsItsTimeoutWhenMoreOfTheSequenceArrives() {
    let harness = Harness()
    harness.driver.receive(Array("\u{1B}[1".utf8))
    harness.scheduler.advance(by: 20)
    harness.driver.receive(Array(";5".utf8))
    harness.scheduler.advance(by: 20)
    harness.driver.receive(Array("A".utf8))
    harness.scheduler.advance(by: 100)
    #expect(harness.events == [.key(Key(.up, modifiers: .control))])
}

@Test func firstFrameIsAFullRedraw() {
    let harness = Harness()
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 0)
    #expect(harness.frames == ["\u{1B}[0m\u{1B}[H\u{1B}[2Jhello"])
}

@Test func redrawRequestsAreCoalescedIntoOneFrame() {
    let harness = Harness()
    for _ in 0..<5 { harness.driver.requestRedraw() }
    harness.scheduler.advance(by: 0)
    #expect(harness.renders == 1)
    #expect(harness.frames.count == 1)
}

@Test func framesAreAtMostSixtyASecond() {
    let harness = Harness()
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 5)
    harness.text = "world"
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 11)
    #expect(harness.frames.count == 1)
    harness.scheduler.advance(by: 1)
    #expect(harness.frames.count == 2)
    #expect(harness.frames.last == "\u{1B}[Hworld")
}

@Test func frameWithoutChangesWritesNothing() {
    let harness = Harness()
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 100)
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 100)
    #expect(harness.renders == 2)
    #expect(harness.frames.count == 1)
}

@Test func resizeDeliversTheSizeAndRedrawsFully() {
    let harness = Harness()
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 100)
    harness.driver.resize(to: TerminalSize(width: 6, height: 1))
    harness.scheduler.advance(by: 100)
    #expect(harness.events == [.resize(TerminalSize(width: 6, height: 1))])
    #expect(harness.driver.size == TerminalSize(width: 6, height: 1))
    #expect(harness.frames.last == "\u{1B}[0m\u{1B}[H\u{1B}[2Jhello")
}

@Test func resizeToTheSameSizeDoesNothing() {
    let harness = Harness()
    harness.driver.resize(to: TerminalSize(width: 10, height: 2))
    harness.scheduler.advance(by: 100)
    #expect(harness.events == [])
    #expect(harness.frames == [])
}

@Test func fullRedrawOnDemandRepaintsAnUnchangedScreen() {
    let harness = Harness()
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 100)
    harness.driver.requestFullRedraw()
    harness.scheduler.advance(by: 100)
    #expect(harness.frames.count == 2)
    #expect(harness.frames[0] == harness.frames[1])
}

@Test func stoppedDriverDrawsNothingAlreadyScheduled() {
    let harness = Harness()
    harness.driver.requestRedraw()
    harness.driver.receive([0x1b])
    harness.driver.stop()
    harness.scheduler.advance(by: 100)
    harness.driver.receive(Array("x".utf8))
    #expect(harness.frames == [])
    #expect(harness.events == [])
}

@Test func everyFrameReportsHowManyBytesItWrote() {
    let harness = Harness()
    var reported: [Int] = []
    harness.driver.onFrameDrawn = { reported.append($0) }
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 100)
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 100)
    #expect(reported == [harness.frames[0].utf8.count, 0])
}

@Test func aFrameThatChangedNothingDoesNotHoldBackTheNextOne() {
    let harness = Harness()
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 100)
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 5)
    harness.text = "world"
    harness.driver.requestRedraw()
    harness.scheduler.advance(by: 0)
    #expect(harness.frames.last == "\u{1B}[Hworld")
}

@Test func unterminatedPasteEndsAfterAQuietSpellAndControlCWorksAgain() {
    let harness = Harness()
    harness.driver.receive(Array("\u{1B}[200~never ends".utf8))
    harness.scheduler.advance(by: 499)
    #expect(harness.events == [])
    harness.scheduler.advance(by: 1)
    #expect(harness.events == [.paste("never ends")])
    harness.driver.receive([0x03])
    #expect(harness.events == [.paste("never ends"), .key(.control("c"))])
}

@Test func pasteTricklingInForeverEndsAtTheMaximumDuration() {
    let harness = Harness()
    harness.driver.receive(Array("\u{1B}[200~".utf8))
    for _ in 0..<100 {
        harness.scheduler.advance(by: 100)
        harness.driver.receive(Array("x".utf8))
    }
    // 10 s of drip: the paste ended by its 5 s mark and what followed is keys again.
    guard case .paste(let text) = harness.events.first else {
        Issue.record("no paste: \(harness.events)")
        return
    }
    #expect(text.count >= 49 && text.count <= 50 && text.allSatisfy { $0 == "x" })
    let keys = harness.events.dropFirst()
    #expect(keys.allSatisfy { $0 == .key(.character("x")) })
    #expect(text.count + keys.count == 100)
}

@Test func partOfACharacterIsDroppedOnceNothingCompletesIt() {
    let harness = Harness()
    harness.driver.receive([0xe4, 0xb8])
    harness.scheduler.advance(by: 500)
    harness.driver.receive(Array("a".utf8))
    #expect(harness.events == [.key(.character("a"))])
}

@Test func characterSplitAcrossReadsWithAShortGapIsKept() {
    let harness = Harness()
    harness.driver.receive([0xe4, 0xb8])
    harness.scheduler.advance(by: 100)
    harness.driver.receive([0x96])
    #expect(harness.events == [.key(.character("世"))])
}
