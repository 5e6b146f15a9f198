import StreamsTesting
import Testing

@Test func testErrorsCompareByWhatTheyWereMadeWith() {
    #expect(TestError(1) == TestError(1))
    #expect(TestError(1) != TestError(2))
    #expect(TestError("1") != TestError(1))
    #expect(TestError("boom") == TestError("boom"))
}

@Test func testErrorDescribesItself() {
    #expect(TestError(1).description == "TestError(1)")
    #expect(TestError("boom").description == "TestError(\"boom\")")
}
