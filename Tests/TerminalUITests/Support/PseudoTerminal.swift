import Dispatch
import Glibc
import Testing

/// Tests that put a terminal into raw mode share process-wide state (the crash-restore record,
/// signal dispositions), so they run one at a time, each on its own pseudo-terminal.
@Suite(.serialized) struct PseudoTerminalTests {}

/// A pseudo-terminal pair: the program under test uses `secondary` as its terminal, the test
/// plays the terminal emulator on `primary`.
final class PseudoTerminal {
    private(set) var primary: Int32
    let secondary: Int32

    init() throws {
        // posix_openpt and friends are declared only under _XOPEN_SOURCE, so Glibc does not
        // show them; they are in libc all the same.
        guard let openpt = lookUp("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
            let grantpt = lookUp("grantpt", as: (@convention(c) (Int32) -> Int32).self),
            let unlockpt = lookUp("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
            let ptsname = lookUp("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        else { throw PseudoTerminalError.unavailable }
        // Close-on-exec, so a process another test starts meanwhile does not inherit the primary
        // side and keep the terminal alive after ``hangUp()``.
        let primary = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard primary >= 0, grantpt(primary) == 0, unlockpt(primary) == 0, let name = ptsname(primary) else {
            throw PseudoTerminalError.unavailable
        }
        let secondary = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard secondary >= 0 else { throw PseudoTerminalError.unavailable }
        self.primary = primary
        self.secondary = secondary
    }

    deinit {
        close(secondary)
        if primary >= 0 { close(primary) }
    }

    /// Closes the terminal emulator's side, as when the terminal window or the tmux server goes
    /// away: the program's side is hung up (reads end, writes fail with EIO).
    func hangUp() {
        guard primary >= 0 else { return }
        close(primary)
        primary = -1
    }

    /// Everything the program wrote so far (waits up to `timeout` ms for the first bytes).
    func readOutput(timeout: Int32 = 200) -> String {
        var bytes: [UInt8] = []
        var wait = timeout
        while true {
            var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, wait) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(primary, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
            wait = 20
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads what the program writes until it contains `text` or `seconds` pass (real time: the
    /// program draws on its own queue); returns whether it appeared.
    func waitForOutput(containing text: String, seconds: Double = 2) -> Bool {
        var output = ""
        let deadline = DispatchTime.now() + seconds
        while DispatchTime.now() < deadline {
            output += readOutput(timeout: 50)
            if output.contains(text) { return true }
        }
        return false
    }

    /// Types `text` as if at the keyboard.
    func type(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }

    /// Sets the window size the program sees.
    func setSize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
    }

    /// The secondary side's current settings.
    var settings: termios {
        var settings = termios()
        _ = tcgetattr(secondary, &settings)
        return settings
    }
}

private func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
    guard let symbol = dlsym(nil, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
}

enum PseudoTerminalError: Error {
    case unavailable
}

/// Whether two terminal settings are the same in every flag and control character.
func sameSettings(_ lhs: termios, _ rhs: termios) -> Bool {
    var left = lhs
    var right = rhs
    return lhs.c_iflag == rhs.c_iflag && lhs.c_oflag == rhs.c_oflag && lhs.c_lflag == rhs.c_lflag
        && lhs.c_cflag == rhs.c_cflag
        && withUnsafeBytes(of: &left.c_cc) { a in withUnsafeBytes(of: &right.c_cc) { b in a.elementsEqual(b) } }
}
