import Domain
import Testing

@Test func aSearchSplitsIntoAttributesAndWords() {
    let match = TodoMatch(search: "+work paint project:home pri:m +work")
    #expect(match.tags == ["work"])
    #expect(match.project == "home")
    #expect(match.priority == .medium)
    #expect(match.text == "paint")
    #expect(match.hasAttributes && match.problems.isEmpty)
}

@Test func aSearchWithoutAttributesIsKeptAsTyped() {
    let match = TodoMatch(search: "  oat  milk")
    #expect(match == TodoMatch(text: "  oat  milk"))
    #expect(!match.hasAttributes)
}

@Test func aProjectMatchesItselfAndItsSubProjectsOnly() {
    let match = TodoMatch(search: "project:home")
    #expect(match.admits(title: "a", tags: [], project: "home", priority: nil))
    #expect(match.admits(title: "a", tags: [], project: "home.garden", priority: nil))
    #expect(!match.admits(title: "a", tags: [], project: "homework", priority: nil))
    #expect(!match.admits(title: "a", tags: [], project: nil, priority: nil))
}

@Test func everyTagAskedForMustBeThere() {
    let match = TodoMatch(search: "+a +b milk")
    #expect(match.admits(title: "Buy milk", tags: ["b", "c", "a"], project: nil, priority: nil))
    #expect(!match.admits(title: "Buy milk", tags: ["a"], project: nil, priority: nil))
    #expect(!match.admits(title: "Buy bread", tags: ["a", "b"], project: nil, priority: nil))
}

@Test func aTagWithAMinusLeavesOutTheTodosThatHaveIt() {
    let match = TodoMatch(search: "+work -errand paint -errand")
    #expect(match.tags == ["work"] && match.excludedTags == ["errand"])
    #expect(match.text == "paint" && match.hasAttributes)
    // A minus before no tag name is a word searched for; before another attribute, a problem.
    #expect(TodoMatch(search: "- -5 -_x").text == "- -5 -_x")
    #expect(TodoMatch(search: "-pri:H -project:x -+a").problems.count == 3)
    #expect(TodoMatch(search: "-pri:H").problems == ["“-pri:H” cannot be left out: only a tag can, as -TAG."])
    #expect(match.admits(title: "paint", tags: ["work"], project: nil, priority: nil))
    #expect(!match.admits(title: "paint", tags: ["work", "errand"], project: nil, priority: nil))
    #expect(TodoMatch(search: "-errand").hasAttributes)
}

@Test func aBadAttributeInASearchIsNamedAndSearchedAsAWord() {
    let match = TodoMatch(search: "pri:X due:fri")
    #expect(match.problems.count == 2)
    #expect(match.problems.first == "“pri:X” is not a priority; write pri:H, pri:M or pri:L.")
    #expect(match.text == "pri:X due:fri")
    #expect(!match.hasAttributes)
}

@Test func aNewTodoWrittenAsALineIsShownWhenItsTitleAndAttributesMatch() throws {
    let dueDays = DueDayParser(today: DueDay(daysSince1970: 0), order: .dayFirst)
    let line = try TodoLine.parse("Paint the fence +home pri:H", dueDays: dueDays).get()
    #expect(TodoMatch(search: "+home fence").admits(line))
    #expect(TodoMatch(search: "pri:h").admits(line))
    #expect(!TodoMatch(search: "+work").admits(line))
    #expect(!TodoMatch(search: "ladder").admits(line))
}
