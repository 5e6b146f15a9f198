import TerminalUI
import Testing

@Test func keyDescriptionNamesModifiersAndKey() {
    #expect(Key.control("c").description == "ctrl+c")
    #expect(Key(.up, modifiers: [.alt, .shift]).description == "alt+shift+up")
    #expect(Key(.function(5)).description == "F5")
    #expect(Key.character(" ").description == "space")
}

@Test func keyFactoriesSetModifiers() {
    #expect(Key.alt("x") == Key(.character("x"), modifiers: .alt))
    #expect(Key.character("x").modifiers.isEmpty)
}
