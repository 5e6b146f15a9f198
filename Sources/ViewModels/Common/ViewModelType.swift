/// The shape of every view model: inputs in, outputs out, nothing stored, nothing subscribed.
///
/// `transform(input:)` only wires streams together; the UI subscribes to the outputs and
/// feeds the inputs. The state is folded from one kind of event by a pure reducer, with
/// `Observable.system` (see <doc:StateAsAFold>).
package protocol ViewModelType {
    /// The streams the UI feeds (key presses, text, the visible window).
    associatedtype Input
    /// The streams the UI renders; none of them can fail.
    associatedtype Output
    /// Wires inputs to outputs.
    func transform(input: Input) -> Output
}
