import Testing

@Test func targetBuilds() {
    #expect(Bool(true))
}
