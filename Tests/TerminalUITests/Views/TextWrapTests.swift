import TerminalUI
import Testing

@Test func wrapBreaksBetweenWords() {
    #expect(TextWrap.lines(of: "one two three four", width: 9) == ["one two", "three", "four"])
}

@Test func wrapKeepsParagraphBreaks() {
    #expect(TextWrap.lines(of: "a\n\nb", width: 5) == ["a", "", "b"])
}

@Test func wrapCutsWordsLongerThanALineByWidth() {
    #expect(TextWrap.lines(of: "abcdefgh", width: 3) == ["abc", "def", "gh"])
    #expect(TextWrap.lines(of: "世界世界", width: 5) == ["世界", "世界"])
}
