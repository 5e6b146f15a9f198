import Testing
import ViewModels

private func keys(_ scene: SceneKind) -> [String] {
    KeyMap.bindings(for: scene).map(\.key)
}

@Test(arguments: SceneKind.allCases)
func keyMapListsCtrlCInEveryScene(_ scene: SceneKind) {
    #expect(KeyMap.bindings(for: scene).contains(KeyBinding("Ctrl-C", "quit from anywhere")))
}

@Test(arguments: [SceneKind.home, .todoList, .feeds, .feedItems])
func keyMapListsQuestionMarkForHelpInEveryList(_ scene: SceneKind) {
    #expect(KeyMap.bindings(for: scene).contains(KeyBinding("?", "show this help")))
}

@Test(arguments: [SceneKind.home, .todoList, .feeds, .feedItems])
func keyMapListsTheMovementKeysInEveryList(_ scene: SceneKind) {
    #expect(KeyMap.movement.allSatisfy(KeyMap.bindings(for: scene).contains))
}

@Test(arguments: SceneKind.allCases)
func keyMapHasNoKeyTwiceInAScene(_ scene: SceneKind) {
    #expect(Set(keys(scene)).count == keys(scene).count)
}

@Test func keyMapQuitsWithQFromHome() {
    #expect(KeyMap.bindings(for: .home).contains(KeyBinding("q", "quit")))
}

@Test(arguments: [SceneKind.todoList, .feeds, .feedItems])
func keyMapGoesBackWithQOutsideHome(_ scene: SceneKind) {
    #expect(KeyMap.bindings(for: scene).contains(KeyBinding("Esc / q", "back")))
}

@Test func keyMapOfTheEditorLeavesQAndQuestionMarkToTheText() {
    #expect(!keys(.todoEditor).contains { $0 == "q" || $0 == "?" })
    #expect(keys(.todoEditor).contains("F1"))
}

@Test func keyMapOfTheTodoListNamesSearchAndTabForTheFilter() {
    #expect(keys(.todoList).contains("/"))
    #expect(KeyMap.bindings(for: .todoList).contains(KeyBinding("Tab", "next filter (all, active, completed)")))
}

@Test func keyMapOfFeedItemsTogglesReadWithM() {
    #expect(KeyMap.bindings(for: .feedItems).contains(KeyBinding("m", "mark read or unread")))
}
