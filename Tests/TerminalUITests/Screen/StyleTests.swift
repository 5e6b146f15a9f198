import TerminalUI
import Testing

@Test func monochromeDropsColoursAndKeepsAttributes() {
    let style = Style(foreground: .red, background: .blue, attributes: [.reverse, .bold])
    #expect(style.adapted(to: .monochrome) == Style(attributes: [.reverse, .bold]))
}

@Test func colourSupportKeepsTheStyle() {
    let style = Style(foreground: .indexed(208), attributes: .underline)
    #expect(style.adapted(to: .colors256) == style)
}
