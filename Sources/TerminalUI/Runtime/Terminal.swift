#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal the UI runs in: raw mode, the alternate screen, a hidden cursor and bracketed
/// paste while active, and the original settings put back on every way out.
///
/// ``enter()`` saves the terminal settings and switches to full-screen mode; ``leave()`` puts
/// everything back. If the process crashes (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP,
/// which include Swift traps) or calls `exit` while the terminal is active, handlers restore
/// it with async-signal-safe calls and then let the process end as it would have.
/// ``TerminalRunLoop`` adds SIGINT, SIGTERM, SIGHUP, Ctrl-Z and resizes.
///
/// Only one terminal is active at a time per process. Call its methods from one thread (the
/// UI queue) at a time.
public final class Terminal: @unchecked Sendable {
    // Sendable because its mutable state is touched only from the UI's serial queue.

    /// The descriptor keys are read from and settings applied to.
    public let inputDescriptor: Int32
    /// The descriptor frames are written to.
    public let outputDescriptor: Int32
    /// Whether the terminal is in full-screen mode now.
    public private(set) var isActive = false
    /// The `errno` of the last write the terminal refused, or `nil` when none was refused.
    public private(set) var lastWriteError: Int32?
    private var savedSettings: termios?

    /// What entering writes: alternate screen, hidden cursor, bracketed paste, cleared screen.
    static let enterSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J".utf8)
    /// What leaving writes: end any unfinished synchronized frame, default style, paste off,
    /// cursor shown, main screen.
    static let leaveSequence: [UInt8] = Array("\u{1B}[?2026l\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// A terminal on the given descriptors, by default standard input and output.
    public init(input: Int32 = 0, output: Int32 = 1) {
        inputDescriptor = input
        outputDescriptor = output
    }

    /// Saves the current settings and switches to raw mode, the alternate screen, a hidden
    /// cursor and bracketed paste. Keys typed before it (while the program was starting) are
    /// kept for the first reads. Does nothing if already active.
    public func enter() throws(TerminalError) {
        guard !isActive else { return }
        guard TTY.isTerminal(inputDescriptor) else { throw .notATerminal(descriptor: inputDescriptor) }
        guard TTY.isTerminal(outputDescriptor) else { throw .notATerminal(descriptor: outputDescriptor) }
        var original = termios()
        guard tcgetattr(inputDescriptor, &original) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
        _armEmergencyRestore(
            input: inputDescriptor, output: outputDescriptor, settings: original, bytes: Self.leaveSequence)
        var raw = Self.rawSettings(from: original)
        // At once, keeping what was typed while the program started: those keys are the
        // first input read in raw mode (TCSAFLUSH would discard them).
        guard tcsetattr(inputDescriptor, TCSANOW, &raw) == 0 else {
            let code = errno
            _disarmEmergencyRestore()
            throw .systemCall("tcsetattr", errno: code)
        }
        savedSettings = original
        isActive = true
        write(Self.enterSequence)
    }

    /// Raw mode as the UI wants it: no echo, no line editing, no signals from keys (Ctrl-C and
    /// Ctrl-Z arrive as bytes), no flow control; output processing stays on so a stray `\n`
    /// still returns the carriage.
    static func rawSettings(from original: termios) -> termios {
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        return raw
    }

    /// Applies raw mode and full-screen mode again, for example after the process was stopped
    /// and continued and the shell changed the settings meanwhile. Does nothing if not active.
    public func reapply() {
        guard isActive, let savedSettings else { return }
        var raw = Self.rawSettings(from: savedSettings)
        _ = tcsetattr(inputDescriptor, TCSANOW, &raw)
        write(Self.enterSequence)
    }

    /// Whether the terminal's settings are still the raw mode ``enter()`` applied (a shell may
    /// have changed them while the process was stopped).
    public var isInRawMode: Bool {
        guard isActive, let savedSettings else { return false }
        var current = termios()
        guard tcgetattr(inputDescriptor, &current) == 0 else { return false }
        return Self.sameSettings(current, Self.rawSettings(from: savedSettings))
    }

    /// Whether two settings agree in every flag and control character.
    static func sameSettings(_ lhs: termios, _ rhs: termios) -> Bool {
        var left = lhs
        var right = rhs
        let sameCharacters = withUnsafeBytes(of: &left.c_cc) { a in
            withUnsafeBytes(of: &right.c_cc) { b in a.elementsEqual(b) }
        }
        return sameCharacters && lhs.c_iflag == rhs.c_iflag && lhs.c_oflag == rhs.c_oflag
            && lhs.c_lflag == rhs.c_lflag && lhs.c_cflag == rhs.c_cflag
    }

    /// Puts the terminal back as ``enter()`` found it. Does nothing if not active.
    public func leave() {
        guard isActive else { return }
        isActive = false
        _disarmEmergencyRestore()
        write(Self.leaveSequence)
        if var savedSettings {
            _ = tcsetattr(inputDescriptor, TCSADRAIN, &savedSettings)
        }
    }

    /// Writes all of `bytes`, retrying after interruptions and partial writes. Returns `false`
    /// when the terminal refused them (it went away: `EIO`, `EPIPE`, `EBADF`, …), with the
    /// reason in ``lastWriteError``.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard let code = Self.write(bytes, to: outputDescriptor) else { return true }
        lastWriteError = code
        return false
    }

    /// Writes all of `bytes` to `descriptor` (a terminal, a pipe, a file), retrying after
    /// interruptions and partial writes and waiting while a non-blocking descriptor is full.
    /// Returns `nil` when every byte was written, else the `errno` of the write that failed.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw in
            guard var pointer = raw.baseAddress else { return nil }
            var remaining = raw.count
            while remaining > 0 {
                let written = systemWrite(descriptor, pointer, remaining)
                if written > 0 {
                    pointer += written
                    remaining -= written
                    continue
                }
                let code = written < 0 ? errno : EIO
                if code == EINTR { continue }
                if code == EAGAIN {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 100)
                    // A hung-up terminal reports POLLHUP or POLLERR; writing again would fail too.
                    if ready.revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0 { continue }
                }
                return code
            }
            return nil
        }
    }

    /// The window size, or nil when the descriptors are not terminals.
    public func size() -> TerminalSize? {
        for descriptor in [outputDescriptor, inputDescriptor] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
                return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
            }
        }
        return nil
    }
}

/// `write(2)`, named apart from ``Terminal/write(_:)`` and ``Terminal/write(_:to:)``.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}
