import Dispatch
import Glibc
import Streams
import TerminalUI
import Testing

extension PseudoTerminalTests {
    @Suite struct TerminalRunLoopTests {
        // Runs the real loop on a pseudo-terminal, so it waits on real time (briefly).
        @Test func runLoopDrawsReadsKeysAndRestoresOnStop() throws {
            let pty = try PseudoTerminal()
            pty.setSize(width: 20, height: 3)
            let original = pty.settings
            let events = SanitizerVisibleMutex<[InputEvent]>([])
            let gotKey = DispatchSemaphore(value: 0)
            let runLoop = TerminalRunLoop(
                terminal: Terminal(input: pty.secondary, output: pty.secondary),
                scheduler: UIScheduler(label: "test.runloop"), colorSupport: .colors256,
                render: { size in
                    var buffer = CellBuffer(size: size)
                    buffer.put("size \(size)", x: 0, y: 0)
                    return buffer
                },
                onEvent: { event in
                    events.withLock { $0.append(event) }
                    gotKey.signal()
                })
            try runLoop.start()
            #expect(pty.waitForOutput(containing: "size 20x3"))
            pty.type("q")
            #expect(gotKey.wait(timeout: .now() + .seconds(10)) == .success)
            #expect(events.withLock { $0 } == [.key(.character("q"))])
            runLoop.scheduler.queue.sync { runLoop.stop() }
            #expect(sameSettings(pty.settings, original))
            #expect(pty.readOutput().contains("\u{1B}[?1049l"))
        }

        @Test func aLoopMadeBeforeItsScreensDrawsWhatStartGivesItAndRedrawsOnRequest() throws {
            let pty = try PseudoTerminal()
            pty.setSize(width: 20, height: 3)
            let runLoop = TerminalRunLoop(
                terminal: Terminal(input: pty.secondary, output: pty.secondary),
                scheduler: UIScheduler(label: "test.runloop.late"), colorSupport: .colors256)
            // A screen made after the loop, holding its redraw request.
            let text = SanitizerVisibleMutex("first")
            let redraw = { runLoop.requestRedraw() }
            try runLoop.start(
                render: { size in
                    var buffer = CellBuffer(size: size)
                    buffer.put(text.withLock { $0 }, x: 0, y: 0)
                    return buffer
                }, onEvent: { _ in })
            #expect(pty.waitForOutput(containing: "first"))
            text.withLock { $0 = "second" }
            redraw()
            #expect(pty.waitForOutput(containing: "second"))
            runLoop.scheduler.queue.sync { runLoop.stop() }
        }

        @Test func aTerminalThatStopsAnsweringReadsStopsTheLoopOnce() throws {
            let pty = try PseudoTerminal()
            pty.setSize(width: 20, height: 3)
            let lost = SanitizerVisibleMutex(0)
            let gotLost = DispatchSemaphore(value: 0)
            let runLoop = TerminalRunLoop(
                terminal: Terminal(input: pty.secondary, output: pty.secondary),
                scheduler: UIScheduler(label: "test.runloop.read"), colorSupport: .colors256,
                render: { CellBuffer(size: $0) }, onEvent: { _ in })
            runLoop.onTerminalLost = {
                lost.withLock { $0 += 1 }
                gotLost.signal()
            }
            try runLoop.start()
            _ = pty.readOutput()
            pty.hangUp()
            #expect(gotLost.wait(timeout: .now() + .seconds(10)) == .success)
            // A hung-up terminal is always readable; a loop still watching it would spin.
            runLoop.scheduler.queue.sync {}
            usleep(100_000)
            #expect(lost.withLock { $0 } == 1)
            #expect(runLoop.scheduler.queue.sync { !runLoop.isRunning })
        }

        @Test func anIdleLoopNoticesItsOutputTerminalGoingAwayWithoutWritingAFrame() throws {
            // Input stays, output hangs up, and nothing is drawn: no read and no write can
            // tell, so before the presence check the loop ran on, idle, forever.
            let input = try PseudoTerminal()
            let output = try PseudoTerminal()
            output.setSize(width: 20, height: 3)
            let gotLost = DispatchSemaphore(value: 0)
            let runLoop = TerminalRunLoop(
                terminal: Terminal(input: input.secondary, output: output.secondary),
                scheduler: UIScheduler(label: "test.runloop.presence"), colorSupport: .colors256,
                render: { CellBuffer(size: $0) }, onEvent: { _ in })
            runLoop.onTerminalLost = { gotLost.signal() }
            try runLoop.start()
            #expect(output.waitForOutput(containing: "\u{1B}[?1049h"))
            let start = DispatchTime.now()
            output.hangUp()
            #expect(gotLost.wait(timeout: .now() + .seconds(10)) == .success)
            let milliseconds = (DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
            print("idle loop noticed its output terminal gone after \(milliseconds) ms")
            #expect(runLoop.scheduler.queue.sync { !runLoop.isRunning })
        }

        @Test func aFrameTheTerminalRefusesStopsTheLoop() throws {
            let input = try PseudoTerminal()
            let output = try PseudoTerminal()
            output.setSize(width: 20, height: 3)
            let frame = SanitizerVisibleMutex(0)
            let gotLost = DispatchSemaphore(value: 0)
            let runLoop = TerminalRunLoop(
                terminal: Terminal(input: input.secondary, output: output.secondary),
                scheduler: UIScheduler(label: "test.runloop.write"), colorSupport: .colors256,
                render: { size in
                    var buffer = CellBuffer(size: size)
                    buffer.put("frame \(frame.withLock { $0 })", x: 0, y: 0)
                    return buffer
                }, onEvent: { _ in })
            runLoop.onTerminalLost = { gotLost.signal() }
            try runLoop.start()
            #expect(output.waitForOutput(containing: "frame 0"))
            output.hangUp()
            // A process being spawned meanwhile by a test running beside this one holds a copy
            // of every descriptor until it executes, so the hang-up can come a moment after the
            // close, and a frame written in that moment still succeeds. The app keeps drawing;
            // so does the test, a changed frame every 100 ms, until a write is refused.
            var lost = false
            for number in 1...100 where !lost {
                frame.withLock { $0 = number }
                runLoop.requestRedraw()
                lost = gotLost.wait(timeout: .now() + .milliseconds(100)) == .success
            }
            #expect(lost)
            #expect(runLoop.scheduler.queue.sync { !runLoop.isRunning })
        }
    }
}
