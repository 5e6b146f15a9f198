import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

// The help overlay's table of keys, one per scene: what each lists, checked against what the
// scenes do.

private func keys(_ scene: SceneKind) -> [String] {
    KeyMaps.bindings(for: scene).map(\.key)
}

@Test(arguments: SceneKind.allCases)
func keyMapsListCtrlCInEveryScene(_ scene: SceneKind) {
    #expect(keys(scene).contains("Ctrl-C"))
}

@Test(arguments: [SceneKind.home, .todoList, .feeds, .feedItems])
func keyMapsListQuestionMarkForHelpInEveryList(_ scene: SceneKind) {
    #expect(KeyMaps.bindings(for: scene).contains(KeyHint("?", "this help")))
}

@Test(arguments: [SceneKind.home, .todoList, .feeds, .feedItems])
func keyMapsListTheMovementKeysInEveryList(_ scene: SceneKind) {
    #expect(KeyMaps.movement.allSatisfy(KeyMaps.bindings(for: scene).contains))
}

@Test(arguments: SceneKind.allCases)
func keyMapsHaveNoKeyTwiceInAScene(_ scene: SceneKind) {
    #expect(Set(keys(scene)).count == keys(scene).count, "\(keys(scene))")
}

@Test func keyMapsQuitWithQFromHomeAndGoBackWithItElsewhere() {
    #expect(KeyMaps.bindings(for: .home).contains(KeyHint("q", "quit")))
    for scene in [SceneKind.todoList, .feeds, .feedItems] {
        #expect(keys(scene).contains { $0.split(separator: " ").contains("q") }, "\(scene)")
    }
}

@Test func keyMapOfTheEditorLeavesQAndQuestionMarkToTheText() {
    #expect(!keys(.todoEditor).contains { $0 == "q" || $0 == "?" })
    #expect(keys(.todoEditor).contains(TodoEditorController.helpKey))
}

@Test func keyMapOfTheTodoListNamesItsCommands() {
    for key in ["a", "Space", "e", "Enter", "d", "A", "C", "Tab f", "/", "s", "J", "K", "u", "Ctrl-R"] {
        #expect(keys(.todoList).contains(key), "\(key)")
    }
}

@Test func keyMapOfTheFeedsNamesUndoAndRedo() {
    for key in ["a", "i", "r", "R", "d", "u", "Ctrl-R", "Enter"] {
        #expect(keys(.feeds).contains(key), "\(key)")
    }
}

@Test func everyCharacterTheFeedsListAnswersToIsListed() {
    let listed = Set(keys(.feeds).flatMap { $0.split(separator: " ").map(String.init) })
    for character in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/?" {
        let event = InputEvent.key(Key(.character(character)))
        guard FeedListController.action(for: event, in: .browsing) != nil else { continue }
        #expect(listed.contains(String(character)), "\(character) does something but the help does not say")
    }
}

@Test func keyMapOfFeedItemsNamesTheReadersKeys() {
    for key in ["Enter", "m", "M", "o", "N o", "n", "U"] {
        #expect(keys(.feedItems).contains(key), "\(key)")
    }
}

@Test func keyMapOfTheFeedsNamesItsSearch() {
    #expect(keys(.feeds).contains("/"))
}

/// The single keys a scene's table lists, groups such as "Esc q" split.
private func listedKeys(_ scene: SceneKind) -> Set<String> {
    Set(keys(scene).flatMap { $0.split(separator: " ").map(String.init) })
}

private let typedCharacters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/? "

@Test func everyCharacterTheFeedsAnswerToIsListed() {
    let listed = listedKeys(.feeds)
    for character in typedCharacters {
        let event = InputEvent.key(Key(.character(character)))
        let modes: [FeedListViewModel.Mode] = [.browsing, .searchResults(PromptText("swift"))]
        guard modes.contains(where: { FeedListController.action(for: event, in: $0) != nil }) else { continue }
        #expect(listed.contains(String(character)), "\(character) does something but the help does not say")
    }
}

@Test func everyCharacterTheFeedItemsListAndReaderAnswerToIsListed() {
    let listed = listedKeys(.feedItems)
    for character in typedCharacters {
        let event = InputEvent.key(Key(.character(character)))
        let answers = [false, true].contains { FeedItemsController.action(for: event, isReading: $0) != nil }
        guard answers else { continue }
        let name = character == " " ? "Space" : String(character)
        #expect(listed.contains(name), "\(name) does something but the help does not say")
    }
}

/// Every key a list scene's controller answers to while browsing is in its table: each
/// character a person can type is tried, and one that does something must be listed.
@Test func everyCharacterTheTodoListAnswersToIsListed() {
    let listed = Set(keys(.todoList).flatMap { $0.split(separator: " ").map(String.init) })
    for character in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/?" {
        let event = InputEvent.key(Key(.character(character)))
        guard TodoListController.action(for: event, in: .browsing) != nil else { continue }
        #expect(listed.contains(String(character)), "\(character) does something but the help does not say")
    }
}

@Test func everyActionTheViewModelsNameIsAKeyTheHelpLists() {
    var listed: Set<String> = []
    for scene in SceneKind.allCases {
        for hint in KeyMaps.bindings(for: scene) {
            for key in hint.key.split(separator: " ") { listed.insert(String(key)) }
        }
    }
    for action in NamedAction.allCases {
        #expect(listed.contains(KeyMaps.key(for: action)), "\(action) is named as \(KeyMaps.key(for: action))")
    }
}

@Test func theViewModelsWordsShowTheKeysOfTheOneKeyTable() {
    let undone: ActionText = "Undid: add “Milk”. \(.redo) redoes it."
    #expect(KeyBindings.none.keyed(undone, in: .todos) == "Undid: add “Milk”. Ctrl-R redoes it.")
}

/// At 100 columns every scene's help gives each binding one row: no action wraps under its key.
@Test(arguments: SceneKind.allCases)
func keyMapsFitOneRowEachInTheHelpAtAHundredColumns(_ scene: SceneKind) {
    let bindings = KeyMaps.bindings(for: scene)
    let help = HelpOverlay(title: "Keys", bindings: bindings)
    // The frame's two rows, the footer and one row for each binding.
    let rect = Rect(x: 0, y: 0, width: 100, height: bindings.count + 3)
    #expect(help.maximumScroll(in: rect) == 0, "\(scene)")
}
