import TerminalUI
import Testing

@Test func noColorWithAnyValueMeansMonochrome() {
    #expect(ColorSupport.detect(environment: ["NO_COLOR": "1", "TERM": "xterm-256color"]) == .monochrome)
    #expect(ColorSupport.detect(environment: ["NO_COLOR": "false"]) == .monochrome)
}

@Test func emptyNoColorIsIgnored() {
    #expect(ColorSupport.detect(environment: ["NO_COLOR": "", "TERM": "xterm"]) == .colors256)
}

@Test func dumbTerminalMeansMonochrome() {
    #expect(ColorSupport.detect(environment: ["TERM": "dumb"]) == .monochrome)
}

@Test func ordinaryTerminalHasColours() {
    #expect(ColorSupport.detect(environment: ["TERM": "tmux-256color"]) == .colors256)
    #expect(ColorSupport.detect(environment: [:]) == .colors256)
}
