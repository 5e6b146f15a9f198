import Harness
import Streams

/// `streams.async` for Rivulet: a producer task sends the values into a subject while the
/// consuming task reads them through the subject's `values` async sequence; nanoseconds per
/// event, from the first send (once the sequence has subscribed) to the last value consumed.
func rivuletValuesEvents() throws -> Sample {
    let n = Workload.asyncEvents
    let expected = (0..<n).reduce(0, &+)
    let elapsed = try blockingRun {
        let subject = PublishSubject<Int>()
        var iterator = subject.values.makeAsyncIterator()
        let producer = Task {
            // The sequence subscribes when iteration begins; values sent before are not seen.
            while !subject.hasObservers { await Task.yield() }
            let start = monotonicNanoseconds()
            for i in 0..<n { subject.onNext(i) }
            subject.onCompleted()
            return start
        }
        var sum = 0
        while let value = try await iterator.next() { sum &+= value }
        let end = monotonicNanoseconds()
        let elapsed = Double(end - (await producer.value))
        blackHole(sum)
        try expectEqual(sum, expected, "values checksum")
        return elapsed
    }
    return Sample(elapsed / Double(n))
}
