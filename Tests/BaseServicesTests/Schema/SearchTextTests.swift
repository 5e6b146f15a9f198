import Domain
import Testing

@testable import BaseServices

@Test func termsAreLowerCasedWithoutAccentsAndSplitAtNonLetters() {
    #expect(SearchTerms.of("Café-au-LAIT, Zoë's 2 apples!") == ["cafe", "au", "lait", "zoe", "s", "2", "apples"])
}

@Test func textWithoutLettersOrDigitsHasNoTermsAndNoQuery() {
    #expect(SearchTerms.of(" \"*-()^ ").isEmpty)
    #expect(SearchText.ftsQuery(" \"*-()^ ") == nil)
}

@Test func ftsQueryQuotesEveryTermAsAPrefixAsWrittenForTheIndexToFold() {
    #expect(SearchText.ftsQuery("buy MILK or") == "\"buy\"* \"MILK\"* \"or\"*")
    #expect(SearchText.ftsQuery("Straße, Καλημέρα!") == "\"Straße\"* \"Καλημέρα\"*")
}

@Test func ftsQueryUsesAtMostTheMaximumNumberOfTerms() {
    let text = (1...20).map { "t\($0)" }.joined(separator: " ")
    #expect(SearchText.ftsQuery(text)?.split(separator: " ").count == SearchText.maximumTerms)
}
