import StreamsTesting
import Testing

@Test func subscriptionWithoutEndIsLive() {
    let subscription = Subscription(200)
    #expect(subscription.unsubscribe == Int.max)
    #expect(subscription.isLive)
    #expect(subscription == Subscription(200, .max))
}

@Test func subscriptionDescribesItsWindow() {
    #expect(Subscription(200, 300).description == "(200, 300)")
    #expect(Subscription(200).description == "(200, never)")
}

@Test func subscriptionsCompareAndHashByBothTicks() {
    #expect(Subscription(200, 300) != Subscription(200, 301))
    #expect(Set([Subscription(200, 300), Subscription(200, 300), Subscription(100)]).count == 2)
}
