import Domain
import Testing

@Test(arguments: ["", "   ", "\t\n"])
func titleRuleRequiresVisibleText(_ title: String) {
    #expect(TitleRule.problem(with: title) == "A title is required.")
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
