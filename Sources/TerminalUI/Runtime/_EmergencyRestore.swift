import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a signal handler needs to put the terminal back: plain memory, allocated once and never
/// freed, so the handler only reads it (no allocation, no locks, no Swift runtime calls).
struct _RestoreRecord {
    var inputDescriptor: Int32 = -1
    var outputDescriptor: Int32 = -1
    var settings = termios()
    var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    var byteCount = 0
}

/// The restore record. Written only while `_emergencyRestoreArmed` is false; read by handlers
/// only while it is true, so the two never overlap.
nonisolated(unsafe) let _restoreRecord: UnsafeMutablePointer<_RestoreRecord> = {
    let record = UnsafeMutablePointer<_RestoreRecord>.allocate(capacity: 1)
    record.initialize(to: _RestoreRecord())
    return record
}()

/// The actions that were installed before ours, indexed by signal number, to chain to.
nonisolated(unsafe) let _previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
}()

/// Whether the record describes a terminal in raw mode that must be restored. A lock-free atomic,
/// so it is safe to read from a signal handler.
let _emergencyRestoreArmed = Atomic<Bool>(false)

/// Restores the terminal from a signal handler or at exit: async-signal-safe calls only.
func _emergencyRestore() {
    guard _emergencyRestoreArmed.exchange(false, ordering: .acquiringAndReleasing) else { return }
    let record = _restoreRecord
    _ = tcsetattr(record.pointee.inputDescriptor, TCSANOW, &record.pointee.settings)
    withUnsafeBytes(of: &record.pointee.bytes) { raw in
        _ = write(record.pointee.outputDescriptor, raw.baseAddress, record.pointee.byteCount)
    }
}

/// Restores the terminal, puts the previous action back and raises the signal again, so the
/// process ends the way it would have (a core dump, the Swift backtrace, the exit status).
private let _fatalSignalHandler: @convention(c) (Int32) -> Void = { signal in
    _emergencyRestore()
    if signal > 0 && signal < 65 {
        _ = sigaction(signal, _previousActions + Int(signal), nil)
    }
    _ = raise(signal)
}

/// The fatal signals after which the terminal is restored: crashes and Swift traps.
let _fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP]

/// Installs the crash handlers and the exit hook once per process.
let _emergencyHandlersInstalled: Bool = {
    // Touch the storage first, so no lazy global initialization can happen inside a handler.
    _ = _restoreRecord
    _ = _previousActions
    _ = _emergencyRestoreArmed.load(ordering: .relaxed)
    for signal in _fatalSignals {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = _fatalSignalHandler
        #else
            action.__sigaction_u.__sa_handler = _fatalSignalHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(truncatingIfNeeded: SA_ONSTACK)
        _ = sigaction(signal, &action, _previousActions + Int(signal))
    }
    atexit { _emergencyRestore() }
    return true
}()

/// Records what restoring the terminal means, and arms the handlers.
func _armEmergencyRestore(input: Int32, output: Int32, settings: termios, bytes: [UInt8]) {
    _ = _emergencyHandlersInstalled
    _emergencyRestoreArmed.store(false, ordering: .releasing)
    let record = _restoreRecord
    record.pointee.inputDescriptor = input
    record.pointee.outputDescriptor = output
    record.pointee.settings = settings
    let count = min(bytes.count, MemoryLayout.size(ofValue: record.pointee.bytes))
    withUnsafeMutableBytes(of: &record.pointee.bytes) { raw in
        for index in 0..<count { raw[index] = bytes[index] }
    }
    record.pointee.byteCount = count
    _emergencyRestoreArmed.store(true, ordering: .releasing)
}

/// Disarms the handlers: the terminal has been restored normally.
func _disarmEmergencyRestore() {
    _emergencyRestoreArmed.store(false, ordering: .releasing)
}
