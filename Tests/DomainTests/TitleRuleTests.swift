import Domain
import Testing

@Test(arguments: ["", "   ", "\t\n", "\u{200B}", "\u{00A0}\u{FEFF}", "\u{200D}\u{2060}", "\u{1B}\u{07}", "\u{2028}"])
func titleRuleRequiresVisibleText(_ title: String) {
    #expect(TitleRule.problem(with: title) == "A title is required.")
}

@Test(arguments: ["x", "\u{200B}x", "👍🏽", "e\u{301}"])
func titleRuleAcceptsAnyVisibleCharacter(_ title: String) {
    #expect(TitleRule.check(title) == nil)
}

@Test func titleRuleAcceptsFiveHundredCharacters() {
    #expect(TitleRule.problem(with: String(repeating: "é", count: 500)) == nil)
}

@Test func titleRuleRefusesMoreThanFiveHundredCharacters() {
    #expect(
        TitleRule.problem(with: String(repeating: "x", count: 501))
            == "A title can have at most 500 characters; this one has 501.")
}

@Test func titleRuleNamesTheProblemAsACase() {
    #expect(TitleRule.check(" ") == .empty)
    #expect(TitleRule.check(String(repeating: "x", count: 501)) == .tooLong(length: 501))
    #expect(TitleRule.check("Buy milk") == nil)
}
