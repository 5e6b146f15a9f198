import Coordinator
import Testing
import ViewModels

private typealias Entry = NavigationStack.Entry

@Test func navigationStackPushPutsOnTop() {
    var stack = NavigationStack()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .todoList, presentation: .push))
    #expect(stack.top == Entry(id: 2, kind: .todoList, presentation: .push))
    #expect(stack.entries.map(\.id) == [1, 2])
}

@Test func navigationStackPopRemovesTheTop() {
    var stack = NavigationStack()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .help, presentation: .modal))
    #expect(stack.pop()?.id == 2)
    #expect(stack.top?.id == 1)
}

@Test func navigationStackNeverPopsTheRoot() {
    var stack = NavigationStack()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    #expect(stack.pop() == nil)
    #expect(stack.entries.count == 1)
}

@Test func navigationStackPopOfAnEmptyStackIsNil() {
    var stack = NavigationStack()
    #expect(stack.pop() == nil)
}

@Test func navigationStackRootReplacesEverything() {
    var stack = NavigationStack()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .feeds, presentation: .push))
    stack.push(Entry(id: 3, kind: .home, presentation: .root))
    #expect(stack.entries.map(\.id) == [3])
}

@Test func navigationStackContainsFindsAKindAnywhere() {
    var stack = NavigationStack()
    stack.push(Entry(id: 1, kind: .home, presentation: .root))
    stack.push(Entry(id: 2, kind: .feeds, presentation: .push))
    #expect(stack.contains(.home))
    #expect(!stack.contains(.todoEditor))
}
