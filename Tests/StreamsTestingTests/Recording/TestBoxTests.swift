import Streams
import StreamsTesting
import Testing

@Test func testBoxCollectsWhatASendableClosureAppends() {
    withSubscriptionTracking {
        let seen = TestBox([Int]())
        _ = Observable.of(1, 2).subscribe(onNext: { seen.append($0) })
        #expect(seen.value == [1, 2])
    }
}

@Test func testBoxModifiesInPlaceAndReturnsTheResult() {
    let count = TestBox(0)
    count.add(2)
    let doubled = count.modify { value -> Int in
        value *= 2
        return value
    }
    #expect(doubled == 4)
    #expect(count.value == 4)
}
