import Foundation
import Testing

// End-to-end, on the wall clock: a long session of scripted keys (moving, toggling, adding,
// renaming, filtering, sorting, searching, help, the editor, the feeds) sent to the built app in
// tmux, in batches; the app's resident memory is read from /proc at the start (after the first
// frame), half way and at the end. RIVULET_SESSION_KEYS changes the number of keys (default
// 10,000; 4,000 under the thread sanitizer, whose app takes several times longer per key).
//
// A soak: about 40 seconds of one app taking keys, which would be most of `swift test`'s time,
// so it runs when asked for (RIVULET_SOAK=1, or RIVULET_SESSION_KEYS set); `.ci/run` asks.

private let sessionKeys = ProcessInfo.processInfo.environment["RIVULET_SESSION_KEYS"].flatMap { Int($0) }
private let keyTarget = sessionKeys ?? (SanitizerBuild.isThreadSanitized ? 4_000 : 10_000)
private let soakIsAsked = ProcessInfo.processInfo.environment["RIVULET_SOAK"] == "1" || sessionKeys != nil

/// One round of a realistic session, starting and ending on the todo list with nothing open.
/// `round` makes the texts it types unique.
private func playRound(_ round: Int, on keyboard: ScriptedKeyboard) throws {
    // A scene is drawn before its rows arrive (slowly under the thread sanitizer): wait for rows.
    let onList: (String) -> Bool = {
        $0.contains("Rivulet · Todos") && $0.contains("Filter: all") && !AppOnDatabase.rows(on: $0).isEmpty
    }
    // Moving, toggling, filtering and sorting stay in the list: one call for all of them.
    let browsing = ["j", "j", "j", "k", "Down", "Up", "G", "g", "NPage", "PPage", "Space", "j", "Space", "k"]
    let filtering = ["Tab", "j", "Tab", "k", "Tab", "s", "j", "s", "s", "k", "s"]
    var keys: [String] = []
    for _ in 0..<8 { keys += browsing + filtering }
    keys += ["/", "w", "o", "Enter", "j", "k", "/", "C-u", "Enter"]
    keys += ["e", "C-u"] + Array("renamed \(round)").map(String.init) + ["Enter"]
    keys += ["d", "n", "J", "K"]
    try keyboard.send(keys)
    // Help, the editor and the other scenes each wait for the scene they open.
    try keyboard.step(["?"], until: "Keys · Todos")
    try keyboard.step(["?"]) { onList($0) && !$0.contains("Keys · Todos") }
    try keyboard.step(["Enter"], until: "Rivulet · Edit todo")
    try keyboard.step(["Escape"], until: onList)
    try keyboard.step(["q"], until: "Rivulet · Home")
    try keyboard.step(["f"]) { $0.contains("Rivulet · Feeds") && $0.contains("1 feed") }
    try keyboard.step(["j", "k", "Enter"], until: "read/unread")
    try keyboard.step(["j", "m", "m", "k", "j", "q"], until: "Rivulet · Feeds")
    try keyboard.step(["q"], until: "Rivulet · Home")
    try keyboard.step(["t"], until: onList)
    // An add ends the round: the prompt showing the typed text proves every key before it
    // arrived; Enter saves the todo and closes the line.
    try keyboard.send(["a"])
    try keyboard.text("added \(round)")
    try keyboard.step([], until: "New todo: added \(round)")
    try keyboard.step(["Enter"]) { onList($0) && !$0.contains("New todo:") }
}

/// What a long session measured.
private struct SessionFigures: Sendable {
    let keys: Int
    let rounds: Int
    let seconds: Double
    let start: ProcessMemory
    let middle: ProcessMemory
    let end: ProcessMemory
}

/// Plays rounds on `app`, already on its todo list, until `keyTarget` keys were sent.
private func playSession(on app: AppOnDatabase) throws -> SessionFigures {
    guard let pid = try app.session.appPID(), let start = ProcessMemory.of(pid) else {
        throw ScriptedKeyboard.Failure(description: "the app's process is not there")
    }
    let began = Date()
    let keyboard = ScriptedKeyboard(session: app.session)
    // A list long enough to scroll, typed in like the rest.
    for index in 1...40 {
        try keyboard.send(["a"])
        try keyboard.text("todo \(index)")
        try keyboard.send(["Enter"])
    }
    try keyboard.step([]) { $0.contains("44 items left") && !$0.contains("New todo:") }
    var round = 0
    var half: ProcessMemory?
    while keyboard.count < keyTarget {
        round += 1
        try playRound(round, on: keyboard)
        if half == nil, keyboard.count >= keyTarget / 2 { half = ProcessMemory.of(pid) }
    }
    guard let end = ProcessMemory.of(pid), let middle = half else {
        throw ScriptedKeyboard.Failure(description: "the app's memory could not be read")
    }
    return SessionFigures(
        keys: keyboard.count, rounds: round, seconds: Date().timeIntervalSince(began), start: start, middle: middle,
        end: end)
}

extension LongEndToEndSuites {
    @Suite(
        .enabled(if: AppOnDatabase.isAvailable),
        .enabled(if: soakIsAsked, "a soak: RIVULET_SOAK=1 runs it (.ci/run does)"))
    struct LongSessionTests {
        @Test func tenThousandKeypressesLeaveTheAppsMemoryFlat() async throws {
            let folder = try TemporaryFolder()
            let app = try AppOnDatabase(database: folder.file("session.sqlite"))
            defer { app.session.close() }
            let opened = try await onOwnThread { try app.openTodos() }
            #expect(opened, "the todo list never appeared")
            let figures = try await onOwnThread { try playSession(on: app) }
            let growth = figures.end.residentKiB - figures.start.residentKiB
            let secondHalf = figures.end.residentKiB - figures.middle.residentKiB
            print(
                "long session: \(figures.keys) keys in \(figures.rounds) rounds, "
                    + String(format: "%.1f s; ", figures.seconds)
                    + "start \(figures.start), half way \(figures.middle), end \(figures.end), "
                    + "growth \(ProcessMemory.megabytes(growth))")
            #expect(
                growth < 10 * 1024 * SanitizerBuild.memoryScale,
                "RSS grew \(ProcessMemory.megabytes(growth)) over \(figures.keys) keys")
            #expect(
                secondHalf < 4 * 1024 * SanitizerBuild.memoryScale,
                "RSS grew \(ProcessMemory.megabytes(secondHalf)) over the second half, still climbing")
            let (exited, alternateScreenOff) = try await onOwnThread { try app.quitFromTodos() }
            #expect(exited && alternateScreenOff)
        }
    }
}
