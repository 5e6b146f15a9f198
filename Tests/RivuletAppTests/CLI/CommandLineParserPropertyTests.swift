import RivuletApp
import StreamsTesting
import TerminalUI
import Testing

/// Random command lines through the subcommand parser. Every one must give a command or a usage
/// error with a message and a usage text (which `rivulet` turns into exit status 2), and the
/// documented freedoms must hold: global options anywhere, `--name value` the same as
/// `--name=value`. Seeded, so a failure names a command line that reproduces it.
@Suite struct CommandLineParserPropertyTests {
    private static let words = [
        "add", "list", "done", "undo", "rm", "edit", "feeds", "help", "items", "refresh", "3", "0", "-1", "Buy milk",
        " ", "x", "https://example.com/feed.xml", "9223372036854775808", "\u{663}", "-", "--json", "--all",
        "--active", "--completed", "--help", "-h", "--version", "--bogus", "-x", "--json=yes", "--=", "---",
    ]
    private static let valueOptions: [(name: String, value: String)] = [
        ("db", "/tmp/a.sqlite"), ("environment", "fake"), ("environment", "moon"), ("scenario", "many"),
        ("scenario", ""), ("notes", "n=1"), ("due", "2028-02-29"), ("due", "2027-02-29"), ("title", "T"),
        ("title", ""), ("title", "-dash"),
    ]

    /// Arguments as a list of pieces: a word, or a value option with its value (kept together,
    /// so that moving or rewriting pieces never pulls a value away from its option).
    private enum Piece {
        case word(String)
        case option(name: String, value: String)
    }

    private static func randomPieces(using generator: inout SeededGenerator) -> [Piece] {
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            if Int.random(in: 0..<3, using: &generator) == 0, let option = valueOptions.randomElement(using: &generator)
            {
                return .option(name: option.name, value: option.value)
            }
            return .word(words.randomElement(using: &generator) ?? "x")
        }
    }

    private static func arguments(_ pieces: [Piece], joined: Bool = false) -> [String] {
        pieces.flatMap { piece -> [String] in
            switch piece {
            case .word(let word): [word]
            case .option(let name, let value): joined ? ["--\(name)=\(value)"] : ["--\(name)", value]
            }
        }
    }

    private static func outcome(_ arguments: [String]) -> Result<RivuletInvocation, UsageError> {
        Result { () throws(UsageError) in try CommandLineParser.parse(arguments) }
    }

    @Test func randomCommandLinesGiveACommandOrAOneLineUsageErrorWithItsUsage() {
        var generator = SeededGenerator(seed: 1_234)
        var commands = 0
        var errors = 0
        for iteration in 0..<3_000 {
            var arguments = Self.arguments(Self.randomPieces(using: &generator))
            if Int.random(in: 0..<4, using: &generator) == 0 {
                // Raw text too: any bytes a shell can pass.
                let scalars = (0..<Int.random(in: 0...6, using: &generator)).compactMap { _ in
                    Unicode.Scalar(UInt32.random(in: 1...0x2FF, using: &generator))
                }
                arguments.insert(String(String.UnicodeScalarView(scalars)), at: 0)
            }
            switch Self.outcome(arguments) {
            case .success:
                commands += 1
            case .failure(let error):
                errors += 1
                #expect(!error.message.isEmpty, "iteration \(iteration): \(arguments)")
                #expect(CommandUsage.text(for: error.topic).contains("Usage: rivulet"), "iteration \(iteration)")
                let report = CommandUsage.report(of: error).split(separator: "\n", omittingEmptySubsequences: false)
                #expect(report.count == 2 && report.last == "see '\(error.topic) --help'", "iteration \(iteration)")
            }
        }
        // Both outcomes must be common, or the command lines are too tame or too wild to mean much.
        #expect(commands > 300)
        #expect(errors > 300)
    }

    @Test func globalOptionsGiveTheSameOutcomeBeforeAndAfterTheCommand() {
        var generator = SeededGenerator(seed: 5_678)
        let globals: [[Piece]] = [
            [.option(name: "db", value: "/tmp/b.sqlite")], [.option(name: "environment", value: "development")],
            [.option(name: "scenario", value: "offline")],
        ]
        for iteration in 0..<2_000 {
            let pieces = Self.randomPieces(using: &generator)
            let global = globals.randomElement(using: &generator) ?? []
            let before = Self.outcome(Self.arguments(global + pieces))
            let after = Self.outcome(Self.arguments(pieces + global))
            switch (before, after) {
            case (.success(let first), .success(let second)):
                #expect(first == second, "iteration \(iteration): \(Self.arguments(pieces))")
            case (.failure, .failure):
                break
            default:
                Issue.record("iteration \(iteration): \(Self.arguments(pieces)) gave \(before) and \(after)")
            }
        }
    }

    @Test func optionValuesGiveTheSameOutcomeWithASpaceOrAnEqualsSign() {
        var generator = SeededGenerator(seed: 91)
        for iteration in 0..<2_000 {
            let pieces = Self.randomPieces(using: &generator)
            let spaced = Self.outcome(Self.arguments(pieces))
            let joined = Self.outcome(Self.arguments(pieces, joined: true))
            switch (spaced, joined) {
            case (.success(let first), .success(let second)):
                #expect(first == second, "iteration \(iteration): \(Self.arguments(pieces))")
            case (.failure, .failure):
                break
            default:
                Issue.record("iteration \(iteration): \(Self.arguments(pieces)) gave \(spaced) and \(joined)")
            }
        }
    }
}
