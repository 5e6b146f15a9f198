import Testing

@testable import ViewModels

@Test func actionTextNamesEachActionAsTheFrontEndSays() {
    let text: ActionText = "Press \(.add) to add one, \(.undo) to undo."
    #expect(text.text { $0 == .add ? "a" : "u" } == "Press a to add one, u to undo.")
    #expect(text.description == "Press <add> to add one, <undo> to undo.")
}

@Test func actionTextKeepsWordsTogetherHoweverTheyWereBuilt() {
    let title = "Milk"
    let built: ActionText = "Adding “\(title)”: " + "hidden (\(.clearSearch) clears the search)."
    let written: ActionText = "Adding “Milk”: hidden (\(.clearSearch) clears the search)."
    #expect(built == written)
    #expect(built.parts.count == 3)
}

@Test func actionTextOfNoWordsIsEmpty() {
    #expect(ActionText("").isEmpty)
    #expect(("" as ActionText).isEmpty)
    #expect(!ActionText("x").isEmpty)
}
