import Foundation
import Testing

/// The package root: three levels above this file (`Tests/ArchitectureTests/<file>`).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every `.swift` file under `Sources/`, by target (the first folder under `Sources/`).
private func sourceFilesByTarget() throws -> [String: [URL]] {
    let sources = packageRoot.appendingPathComponent("Sources")
    var result: [String: [URL]] = [:]
    for target in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !target.hasPrefix(".") {
        let folder = sources.appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            continue
        }
        result[target, default: []] += walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }
    return result
}

private func imports(of target: String, in files: [URL]) throws -> [SourceImport] {
    try files.flatMap { url in
        let relative = String(url.path.dropFirst(packageRoot.path.count + 1))
        return SourceImport.parse(try String(contentsOf: url, encoding: .utf8), file: relative)
    }
}

@Test func everySourceTargetHasARowInTheLayerTable() throws {
    let unknown = try sourceFilesByTarget().keys.filter {
        LayerRules.allowedImports[$0] == nil && !LayerRules.unrestricted.contains($0)
    }
    #expect(unknown.isEmpty, "targets missing from LayerRules.allowedImports: \(unknown.sorted())")
}

@Test func noTargetImportsAModuleItsLayerMayNot() throws {
    var violations: [String] = []
    for (target, files) in try sourceFilesByTarget() {
        guard let allowed = LayerRules.allowedImports[target] else { continue }
        for found in try imports(of: target, in: files) where !allowed.contains(found.module) {
            violations.append("\(found) (\(target) may import only \(allowed.sorted().joined(separator: ", ")))")
        }
    }
    #expect(violations.isEmpty, "layer violations:\n\(violations.sorted().joined(separator: "\n"))")
}

@Test func noLibraryImportsTheApp() throws {
    var violations: [String] = []
    for (target, files) in try sourceFilesByTarget() where LayerRules.libraries.contains(target) {
        for found in try imports(of: target, in: files) where LayerRules.appModules.contains(found.module) {
            violations.append("\(found): the library \(target) imports the app")
        }
    }
    #expect(violations.isEmpty, "\(violations.sorted().joined(separator: "\n"))")
}

@Test func everyTargetIsALibraryOrPartOfTheApp() throws {
    let unplaced = try sourceFilesByTarget().keys.filter {
        !LayerRules.libraries.contains($0) && !LayerRules.appModules.contains($0)
    }
    #expect(unplaced.isEmpty, "targets on neither floor: \(unplaced.sorted())")
}

@Test func theLibrariesNameNoneOfTheAppsConcepts() throws {
    let appWords = ["Todo", "Rivulet", "FeedsBaseService", "RIVULET_"]
    var violations: [String] = []
    for (target, files) in try sourceFilesByTarget() where LayerRules.libraries.contains(target) {
        for url in files {
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                for word in appWords where code.contains(word) {
                    violations.append("\(url.lastPathComponent):\(number + 1) names \(word)")
                }
            }
        }
    }
    #expect(violations.isEmpty, "\(violations.sorted().joined(separator: "\n"))")
}

@Test func onlyTerminalUIKnowsTerminalEscapeSequences() throws {
    // One sanitiser for terminal output, TerminalUI's: text from data keeps its control
    // characters until it is drawn, where that one drops a sequence whole. Code elsewhere that
    // names ESC is a second sanitiser in the making.
    let marks = ["\\u{1B}", "\\u{1b}", "0x1B", "0x1b", "EscapeSequence"]
    var violations: [String] = []
    for (target, files) in try sourceFilesByTarget() where target != "TerminalUI" {
        for url in files {
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for mark in marks where line.contains(mark) {
                    violations.append("\(target)/\(url.lastPathComponent):\(number + 1) names \(mark)")
                }
            }
        }
    }
    #expect(violations.isEmpty, "\(violations.sorted().joined(separator: "\n"))")
    let terminalUI = try #require(try sourceFilesByTarget()["TerminalUI"])
    #expect(terminalUI.contains { $0.lastPathComponent == "TextSanitizer.swift" })
}

@Test func sceneServicesImportsBaseServicesOnlyInternally() throws {
    var violations: [String] = []
    for (target, files) in try sourceFilesByTarget() {
        guard let restricted = LayerRules.internalOnly[target] else { continue }
        for found in try imports(of: target, in: files) where restricted.contains(found.module) {
            if found.access == "public" || found.access == "package" {
                violations.append("\(found) is \(found.access ?? ""); it must stay internal")
            }
        }
    }
    #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
}

@Test func theLayerTestsSeeTheSourceTree() throws {
    // Guards the others against passing vacuously when the package root is not found.
    let targets = try sourceFilesByTarget()
    #expect(targets["Streams"]?.isEmpty == false)
    #expect(targets["SceneServices"]?.isEmpty == false)
}
