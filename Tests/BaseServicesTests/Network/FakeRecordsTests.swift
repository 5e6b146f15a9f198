import Foundation
import Testing

@testable import BaseServices

@Suite struct FakeRecordsTests {
    private let records: [FakeRecord] = [
        ["name": .string("b"), "rank": .int(2)],
        ["name": .string("a"), "rank": .int(2)],
        ["name": .string("c"), "rank": .int(1)],
        ["name": .string("d")],
    ]

    private func names(_ query: [URLQueryItem]) -> [String] {
        FakeRecords.page(records, query: query).records.map { $0["name"]?.description ?? "?" }
    }

    @Test func sortIsStableAndMissingFieldsComeFirst() {
        #expect(names([URLQueryItem(name: "sort", value: "rank")]) == ["d", "c", "b", "a"])
    }

    @Test func sortByTwoKeysWithDescendingFirst() {
        #expect(names([URLQueryItem(name: "sort", value: "-rank,name")]) == ["a", "b", "c", "d"])
    }

    @Test func offsetAndLimitPageTheResultButNotTheTotal() {
        let page = FakeRecords.page(
            records, query: [URLQueryItem(name: "offset", value: "1"), URLQueryItem(name: "limit", value: "2")])
        #expect(page.records.count == 2)
        #expect(page.total == 4)
    }

    @Test func fieldFilterComparesTheSpelledValue() {
        #expect(names([URLQueryItem(name: "rank", value: "2")]) == ["b", "a"])
    }
}
