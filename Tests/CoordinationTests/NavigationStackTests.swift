import Coordination
import Testing

/// The kinds of scene of a small app, for these tests.
private enum Kind: Hashable, Sendable {
    case home, todoList, todoEditor, feeds, feedItems, help
}

private typealias Entry = NavigationStack<Kind>.Entry

@Test func navigationStackPushPutsOnTop() {
    var stack = NavigationStack<Kind>()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .todoList, presentation: .push))
    #expect(stack.top == Entry(id: 2, kind: .todoList, presentation: .push))
    #expect(stack.entries.map(\.id) == [1, 2])
}

@Test func navigationStackPopRemovesTheTop() {
    var stack = NavigationStack<Kind>()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .help, presentation: .modal))
    #expect(stack.pop()?.id == 2)
    #expect(stack.top?.id == 1)
}

@Test func navigationStackNeverPopsTheRoot() {
    var stack = NavigationStack<Kind>()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    #expect(stack.pop() == nil)
    #expect(stack.entries.count == 1)
}

@Test func navigationStackPopOfAnEmptyStackIsNil() {
    var stack = NavigationStack<Kind>()
    #expect(stack.pop() == nil)
}

@Test func navigationStackRootReplacesEverything() {
    var stack = NavigationStack<Kind>()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .feeds, presentation: .push))
    stack.push(Entry(id: 3, kind: .home, presentation: .root))
    #expect(stack.entries.map(\.id) == [3])
}

@Test func navigationStackContainsFindsAKindAnywhere() {
    var stack = NavigationStack<Kind>()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .feeds, presentation: .push))
    #expect(stack.contains(.home))
    #expect(!stack.contains(.todoEditor))
}
