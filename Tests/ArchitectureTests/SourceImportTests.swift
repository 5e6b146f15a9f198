import Testing

@Test func sourceImportReadsPlainAndAccessLevelImports() {
    let text = """
        import Foundation
        public import Streams
        internal import BaseServices
        """
    #expect(
        SourceImport.parse(text, file: "F.swift").map { "\($0.access ?? "-") \($0.module)" } == [
            "- Foundation", "public Streams", "internal BaseServices",
        ])
}

@Test func sourceImportReadsAttributedKindAndSubmoduleImports() {
    let text = """
        @preconcurrency import Dispatch
        @testable import ViewModels
        import struct Foundation.Date
        import CSQLite.shim
        """
    #expect(
        SourceImport.parse(text, file: "F.swift").map(\.module) == ["Dispatch", "ViewModels", "Foundation", "CSQLite"])
}

@Test func sourceImportFindsImportsInsideConditionalCompilation() {
    let text = """
        #if canImport(FoundationNetworking)
            import FoundationNetworking
        #endif
        """
    #expect(
        SourceImport.parse(text, file: "F.swift") == [
            SourceImport(module: "FoundationNetworking", access: nil, file: "F.swift", line: 2)
        ])
}

@Test func sourceImportIgnoresWordsThatAreNotImports() {
    let text = """
        // import TerminalUI in a comment is not an import
        let important = "import TerminalUI"
        """
    #expect(SourceImport.parse(text, file: "F.swift").isEmpty)
}
