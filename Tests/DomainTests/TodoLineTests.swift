import Domain
import Testing

/// Thursday 26 November 2026.
private let parser = DueDayParser(today: DueDay(daysSince1970: 20_783), order: .dayFirst)

private func line(_ text: String) throws -> TodoLine {
    try TodoLine.parse(text, dueDays: parser).get()
}

private func problem(_ text: String) -> String? {
    guard case .failure(let error) = TodoLine.parse(text, dueDays: parser) else { return nil }
    return error.message
}

@Test func aLineWithoutAttributesIsItsTitleAsTyped() throws {
    let read = try line("  Buy  oat milk ")
    #expect(read == TodoLine(title: "Buy  oat milk"))
    #expect(!read.namesAttributes)
}

@Test func tagsProjectPriorityAndDueAreReadFromAnywhereInTheLine() throws {
    let read = try line("+home Paint the fence project:garden.shed pri:h due:fri +weekend +home")
    #expect(read.title == "Paint the fence")
    #expect(read.tags == ["home", "weekend"])
    #expect(read.project == .set("garden.shed"))
    #expect(read.priority == .set(.high))
    #expect(read.due.value?.description == "2026-11-27")
    #expect(read.recurrence == .keep)
}

@Test func aDueDayMayBeAPhraseAndTakesOnlyTheWordsItNeeds() throws {
    #expect(try line("Call due:next week").due.value?.description == "2026-12-03")
    #expect(try line("Call due:in 2 weeks mum").title == "Call mum")
    #expect(try line("due:fri Call mum").title == "Call mum")
}

@Test(arguments: ["Call at 10:30", "Read https://example.com/a", "Note: milk", "C++ and +1 555 1234", "a + b"])
func unknownNamesAndWordsThatAreNoTagStayInTheTitle(text: String) throws {
    #expect(try line(text) == TodoLine(title: text))
}

@Test func aBackslashKeepsAnAttributeWordInTheTitle() throws {
    let read = try line(#"Learn \+word and \due:x syntax +docs"#)
    #expect(read.title == "Learn +word and due:x syntax")
    #expect(read.tags == ["docs"])
}

@Test func aWholeLineWritesBackToTheSameTodo() throws {
    let attributes = TodoAttributes(
        tags: ["home"], project: "garden", priority: .low, recurrence: Recurrence(every: 3, .day))
    let due = DueDay(daysSince1970: 20_811)
    let written = TodoLine.written(title: "Learn +word pri:x", attributes: attributes, due: due)
    #expect(written == #"Learn \+word \pri:x +home project:garden pri:L due:2026-12-24 recur:every 3 days"#)
    let read = try line(written)
    #expect(read.title == "Learn +word pri:x")
    #expect(TodoAttributes(read) == attributes)
    #expect(read.due == .set(due))
}

@Test func anAttributeWithoutAValueTakesItAway() throws {
    let read = try line("Call pri: project: due: recur:")
    #expect(read.priority == .remove && read.project == .remove)
    #expect(read.due == .remove && read.recurrence == .remove)
    #expect(read.title == "Call")
}

@Test func aWholeLineTakesAwayWhatItDoesNotName() throws {
    var read = try line("Call +home")
    read.isWhole = true
    #expect(TodoAttributes.init(tags: ["work"], priority: .high).changed(by: TodoAttributeChange(read)).priority == nil)
    #expect(read.dueChange == .remove)
    read.isWhole = false
    #expect(TodoAttributes(tags: ["work"], priority: .high).changed(by: TodoAttributeChange(read)).priority == .high)
    #expect(read.dueChange == .keep)
}

@Test func aTitleIsEscapedWordByWordAsTheLineIsSplitAtAnyWhiteSpace() throws {
    let title = "Tea\u{00A0}+later\tpri:H  done"
    let escaped = TodoLine.escaped(title)
    #expect(escaped == "Tea\u{00A0}\\+later\t\\pri:H  done")
    let read = try line(escaped)
    #expect(read.tags.isEmpty && read.priority == .keep && read.title == "Tea +later pri:H done")
}

@Test func aRecurrencePhraseMayBeQuotedAsAShellWouldWantIt() throws {
    for text in [
        "Bins recur:'every 3 days' due:fri", "Bins recur:\"every 3 days\" due:fri", "Bins recur:every 3 days due:fri",
    ] {
        let read = try line(text)
        let every3Days = try #require(Recurrence(every: 3, .day))
        #expect(read.title == "Bins" && read.recurrence == .set(every3Days), "\(text)")
    }
}

@Test func eachBadAttributeGetsOneSentence() {
    #expect(problem("Call pri:X") == "“pri:X” is not a priority; write pri:H, pri:M or pri:L.")
    #expect(problem("Call due:someday")?.hasPrefix("“someday” is not a date. Write one of: ") == true)
    #expect(problem("Call due:2027-02-29")?.contains("February 2027 has 28 days") == true)
    #expect(problem("Call recur:fortnightly")?.hasPrefix("“recur:fortnightly” is not a recurrence") == true)
    #expect(problem("Bins recur:every 0 days due:fri") == "In “recur:every 0 days” the number must be from 1 to 1000.")
    #expect(
        problem("Bins recur:every 1001 weeks due:fri")
            == "In “recur:every 1001 weeks” the number must be from 1 to 1000.")
    for text in ["Call pri:X", "Call due:someday", "Call recur:often", "Bins recur:every -1 days"] {
        let sentence = problem(text) ?? ""
        #expect(sentence.hasSuffix(".") && sentence.filter { $0 == "\n" }.isEmpty)
    }
}
