import StreamsTesting
import Testing

@Test func exitVerdictIsSilentWhenNothingIsLive() {
    #expect(ExitLeakCheck.verdict(live: 0) == nil)
}

@Test func exitVerdictNamesTheCountOfLiveSubscriptions() {
    let one = ExitLeakCheck.verdict(live: 1)
    #expect(one?.hasPrefix("error: 1 subscription was still live when the test process exited") == true)
    #expect(ExitLeakCheck.verdict(live: 27)?.hasPrefix("error: 27 subscriptions were still live") == true)
}
