import Streams
import StreamsTesting
import Testing

@Test func singleOutcomesCompareValuesAndErrorsByTypeAndDescription() {
    let outcome: SingleEvent<Int> = .success(1)
    #expect(outcome == .success(1))
    #expect(outcome != .success(2))
    #expect(outcome != .failure(TestError(1)))
    let failure: SingleEvent<Int> = .failure(TestError(1))
    #expect(failure == .failure(TestError(1)))
    #expect(failure != .failure(TestError(2)))
    #expect(failure != .failure(StreamsError.noElements))
}

@Test func listsOfSingleOutcomesCompareOutcomeByOutcome() {
    withSubscriptionTracking {
        let outcomes = TestBox([SingleEvent<Int>]())
        _ = Single.just(1).subscribe { outcomes.append($0) }
        _ = Single<Int>.error(TestError(1)).subscribe { outcomes.append($0) }
        #expect(outcomes.value == [.success(1), .failure(TestError(1))])
        #expect(outcomes.value != [.success(1)])
        #expect(outcomes.value != [.success(1), .failure(TestError(2))])
    }
}
