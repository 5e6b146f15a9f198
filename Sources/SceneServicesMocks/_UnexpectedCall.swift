import Testing

/// Records a failure of the running test: a fake was asked for something the test did not set up.
func _unexpectedCall(_ method: String) {
    Issue.record(
        Comment(rawValue: "\(method) was called, but the test gave no closure for it (an unexpected call)"))
}
