import Streams
import Testing

/// Records a failure of the running test: a fake was asked for something the test did not set up.
func _unexpectedCall(_ method: String) {
    Issue.record(
        Comment(rawValue: "\(method) was called, but the test gave no closure for it (an unexpected call)"))
}

/// The handler a fake starts with for `method`: whatever its arguments, it records an
/// unexpected call (``_unexpectedCall(_:)``) and answers an empty observable.
func _unexpected<each Argument, Element>(_ method: String) -> @Sendable (repeat each Argument) -> Observable<Element> {
    { (_: repeat each Argument) in
        _unexpectedCall(method)
        return .empty()
    }
}
