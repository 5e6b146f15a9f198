import Dispatch
import Glibc
import Synchronization
import TerminalUI
import Testing

extension PseudoTerminalTests {
    @Suite struct TerminalRunLoopTests {
        // Runs the real loop on a pseudo-terminal, so it waits on real time (briefly).
        @Test func runLoopDrawsReadsKeysAndRestoresOnStop() throws {
            let pty = try PseudoTerminal()
            pty.setSize(width: 20, height: 3)
            let original = pty.settings
            let events = Mutex<[InputEvent]>([])
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
            #expect(gotKey.wait(timeout: .now() + .seconds(2)) == .success)
            #expect(events.withLock { $0 } == [.key(.character("q"))])
            runLoop.scheduler.queue.sync { runLoop.stop() }
            #expect(sameSettings(pty.settings, original))
            #expect(pty.readOutput().contains("\u{1B}[?1049l"))
        }

        @Test func aTerminalThatStopsAnsweringReadsStopsTheLoopOnce() throws {
            let pty = try PseudoTerminal()
            pty.setSize(width: 20, height: 3)
            let lost = Mutex(0)
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
            #expect(gotLost.wait(timeout: .now() + .seconds(2)) == .success)
            // A hung-up terminal is always readable; a loop still watching it would spin.
            runLoop.scheduler.queue.sync {}
            usleep(100_000)
            #expect(lost.withLock { $0 } == 1)
            #expect(runLoop.scheduler.queue.sync { !runLoop.isRunning })
        }

        @Test func aFrameTheTerminalRefusesStopsTheLoop() throws {
            let input = try PseudoTerminal()
            let output = try PseudoTerminal()
            output.setSize(width: 20, height: 3)
            let frame = Mutex(0)
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
            frame.withLock { $0 = 1 }
            runLoop.requestRedraw()
            #expect(gotLost.wait(timeout: .now() + .seconds(2)) == .success)
            #expect(runLoop.scheduler.queue.sync { !runLoop.isRunning })
        }
    }
}
