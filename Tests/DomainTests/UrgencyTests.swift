import Domain
import Foundation
import Testing

private let now = Date(timeIntervalSince1970: 1_800_000_000)
private let day = 86_400.0

@Test func theCoefficientsAreTaskwarriorsDefaults() {
    #expect(Urgency.dueCoefficient == 12)
    #expect([Urgency.weight(of: .high), Urgency.weight(of: .medium), Urgency.weight(of: .low)] == [6, 3.9, 1.8])
    #expect(Urgency.weight(of: nil) == 0)
    #expect(Urgency.ageCoefficient == 2 && Urgency.maximumAgeDays == 365)
    #expect(Urgency.tagsCoefficient == 1 && Urgency.projectCoefficient == 1)
    #expect((0...4).map(Urgency.tagsFactor(count:)) == [0, 0.8, 0.9, 1, 1])
}

@Test(
    arguments: [
        (nil, 0.0), (30.0, 1.0), (7.0, 1.0), (-14.0, 0.2), (-30.0, 0.2), (0.0, 0.2 + 14 * 0.8 / 21),
        (-3.5, 0.2 + 10.5 * 0.8 / 21),
    ] as [(Double?, Double)])
func theDueDatesShareRisesFromTwoWeeksAheadToAWeekOverdue(daysOverdue: Double?, share: Double) {
    #expect(abs(Urgency.dueFactor(daysOverdue: daysOverdue) - share) < 1e-9)
}

@Test func aScoreAddsEveryTerm() {
    let score = Urgency.score(
        due: now, priority: .high, createdAt: now.addingTimeInterval(-7 * day), tagCount: 1, hasProject: true,
        now: now)
    #expect(abs(score - (12 * (0.2 + 14 * 0.8 / 21) + 6 + 2 * 7 / 365 + 0.8 + 1)) < 1e-9)
    #expect(Urgency.score(due: nil, priority: nil, createdAt: now, tagCount: 0, hasProject: false, now: now) == 0)
    let old = Urgency.score(
        due: nil, priority: nil, createdAt: now.addingTimeInterval(-1000 * day), tagCount: 0, hasProject: false,
        now: now)
    #expect(old == 2)
}
