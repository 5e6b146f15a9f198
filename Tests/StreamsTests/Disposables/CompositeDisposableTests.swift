import Streams
import StreamsTesting
import Testing

@Test func compositeDisposableTakesItsMembersAsArgumentsOrLabelled() {
    let members = (0..<5).map { _ in BooleanDisposable() }
    let two = CompositeDisposable(members[0], members[1])
    let three = CompositeDisposable(members[2], members[3], members[4])
    let labelled = CompositeDisposable(disposables: [BooleanDisposable()])
    #expect(two.count == 2)
    #expect(three.count == 3)
    #expect(labelled.count == 1)
    two.dispose()
    three.dispose()
    #expect(members.map(\.isDisposed) == [true, true, true, true, true])
    labelled.dispose()
}
