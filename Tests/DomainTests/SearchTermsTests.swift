import Domain
import Testing

@Test(arguments: [
    ("mil", "Buy milk", true), ("MÍ BU", "Buy milk", true), ("buy milk", "Buy oat milk", true),
    ("ilk", "Buy milk", false), ("milk tea", "Buy milk", false), ("", "Anything", true),
])
func searchTermsFindATextWhenEveryTermStartsOneOfItsWords(search: String, text: String, found: Bool) {
    #expect(SearchTerms.find(search, in: text) == found)
}
