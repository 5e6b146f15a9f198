import TerminalUI
import Testing

@Test func firstRequestDrawsAtOnce() {
    var limiter = FrameLimiter()
    #expect(limiter.requestFrame(now: 100) == 0)
}

@Test func requestsWhileAFrameIsPendingAreCoalesced() {
    var limiter = FrameLimiter()
    #expect(limiter.requestFrame(now: 0) == 0)
    #expect(limiter.requestFrame(now: 0) == nil)
    #expect(limiter.requestFrame(now: 1) == nil)
    #expect(limiter.isFramePending)
}

@Test func sixtyFramesASecondMeansSeventeenMillisecondsApart() {
    var limiter = FrameLimiter()
    #expect(limiter.interval == 17)
    _ = limiter.requestFrame(now: 0)
    limiter.frameDrawn(at: 0)
    #expect(limiter.requestFrame(now: 5) == 12)
}

@Test func requestLongAfterTheLastFrameDrawsAtOnce() {
    var limiter = FrameLimiter()
    _ = limiter.requestFrame(now: 0)
    limiter.frameDrawn(at: 0)
    #expect(limiter.requestFrame(now: 500) == 0)
}

@Test func customRateSetsTheInterval() {
    #expect(FrameLimiter(framesPerSecond: 10).interval == 100)
    #expect(FrameLimiter(framesPerSecond: 0).interval == 1000)
}

@Test func aFrameThatWroteNothingDoesNotDelayTheNext() {
    var limiter = FrameLimiter()
    _ = limiter.requestFrame(now: 0)
    limiter.frameSkipped()
    #expect(!limiter.isFramePending)
    #expect(limiter.requestFrame(now: 5) == 0)
}
