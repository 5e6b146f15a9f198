import Domain
import Testing

@Test func wordingContinuesASentenceInLowerCaseButKeepsAWordInCapitals() {
    #expect(Wording.continuing("This todo no longer exists.") == "this todo no longer exists.")
    #expect(Wording.continuing("GET https://example.com: 404") == "GET https://example.com: 404")
    #expect(Wording.continuing("there is no todo 9") == "there is no todo 9")
    #expect(Wording.continuing("") == "")
    #expect(Wording.continuing("É") == "é")
}
