import Testing
import ViewModels

@Test(arguments: SceneKind.allCases)
func keyMapListsHelpAndQuitInEveryScene(_ scene: SceneKind) {
    let keys = KeyMap.bindings(for: scene).map(\.key)
    #expect(keys.contains("?"))
    #expect(keys.contains("q"))
}

@Test(arguments: SceneKind.allCases)
func keyMapHasNoKeyTwiceInAScene(_ scene: SceneKind) {
    let keys = KeyMap.bindings(for: scene).map(\.key)
    #expect(Set(keys).count == keys.count)
}

@Test func keyMapOfTheTodoListNamesSearch() {
    #expect(KeyMap.bindings(for: .todoList).contains(KeyBinding("/", "search")))
}
