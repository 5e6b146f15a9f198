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
            #expect(pty.readOutput().contains("size 20x3"))
            pty.type("q")
            #expect(gotKey.wait(timeout: .now() + .seconds(2)) == .success)
            #expect(events.withLock { $0 } == [.key(.character("q"))])
            runLoop.scheduler.queue.sync { runLoop.stop() }
            #expect(sameSettings(pty.settings, original))
            #expect(pty.readOutput().contains("\u{1B}[?1049l"))
        }
    }
}
