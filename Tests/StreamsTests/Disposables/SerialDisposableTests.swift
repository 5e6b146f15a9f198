import Streams
import StreamsTesting
import Testing

@Test func serialDisposablePropertyGetsAndReplacesTheCurrentDisposable() {
    let serial = SerialDisposable()
    let first = BooleanDisposable()
    let second = BooleanDisposable()
    serial.disposable = first
    #expect(serial.disposable as? BooleanDisposable === first)
    serial.disposable = second
    #expect(first.isDisposed)
    #expect(serial.disposable as? BooleanDisposable === second)
    serial.dispose()
    #expect(second.isDisposed)
    let late = BooleanDisposable()
    serial.disposable = late
    #expect(late.isDisposed)
}
