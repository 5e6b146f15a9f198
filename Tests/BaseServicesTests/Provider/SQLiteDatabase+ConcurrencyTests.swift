import Dispatch
import Domain
import Foundation
import Streams
import Testing

@testable import BaseServices

@Test func concurrentWritersAndObserversEndOnTheFinalState() throws {
    let fixture = try ServicesFixture()
    let scheduler = ImmediateScheduler()
    let counts = Recorder(fixture.todos.observeCounts(on: scheduler))
    let active = Recorder(fixture.todos.observeActiveCount(on: scheduler))
    let window = Recorder(
        fixture.todos.observeWindow(TodoQuery(filter: .active, sort: .title, limit: 20), on: scheduler))
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
        var generator = SystemRandomNumberGenerator()
        var mine: [Int64] = []
        for step in 0..<40 {
            let succeeded: Bool
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !mine.isEmpty:
                let id = mine.randomElement(using: &generator) ?? 0
                succeeded = (try? firstResult(fixture.todos.toggle(id: id))?.get()) != nil
            case 1 where !mine.isEmpty:
                let id = mine.remove(at: Int.random(in: 0..<mine.count, using: &generator))
                succeeded = (try? firstResult(fixture.todos.delete(id: id))?.get()) != nil
            default:
                let created = try? firstResult(fixture.todos.create(title: "w\(writer) s\(step)", notes: "", due: nil))?
                    .get()
                if let created { mine.append(created.id) }
                succeeded = created != nil
            }
            if !succeeded { failures.increment() }
        }
    }
    fixture.database.settle()
    let fresh = Recorder(fixture.todos.observeCounts(on: scheduler))
    fresh.dispose()
    let finalCounts = try #require(try fresh.values.first?.get())
    let finalWindow = try value(fixture.todos.fetchWindow(TodoQuery(filter: .active, sort: .title, limit: 20)))
    #expect(failures.value == 0)
    #expect(counts.values.last == .success(finalCounts))
    #expect(active.values.last == .success(finalCounts.active))
    #expect(window.values.last == .success(finalWindow))
    counts.dispose()
    active.dispose()
    window.dispose()
}
