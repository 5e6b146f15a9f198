import Testing

@testable import FeedParsing

@Suite struct FeedDateTests {
    /// 2025-06-03T09:39:21Z
    private let reference: Int64 = 1_748_943_561_000

    @Test(arguments: [
        "Tue, 03 Jun 2025 09:39:21 GMT",
        "Tue, 3 Jun 2025 09:39:21 +0000",
        "03 Jun 2025 09:39:21 UT",
        "Tuesday, 03 Jun 2025 09:39:21 UTC",
        "Tue, 03 Jun 25 09:39:21 Z",
        "Tue, 03 Jun 2025 05:39:21 EDT",
        "Tue, 03 Jun 2025 04:39:21 EST",
        "Tue, 03 Jun 2025 02:39:21 PDT",
        "Tue, 03 Jun 2025 11:39:21 +0200",
        "Tue, 03 Jun 2025 11:39:21 +02:00",
        "Tue, 03 June 2025 09:39:21 GMT",
        "Tue, 03 Jun 2025 09:39:21 +0000 (UTC)",
        "  Tue,  03 Jun 2025 09:39:21 gmt  ",
    ])
    func rfc822VariantsParse(_ text: String) {
        #expect(FeedDate.unixMilliseconds(from: text) == reference)
    }

    @Test func rfc822WithoutSecondsParses() {
        #expect(FeedDate.unixMilliseconds(from: "Tue, 03 Jun 2025 09:39 GMT") == reference - 21_000)
    }

    @Test func rfc822WithoutZoneIsUTC() {
        #expect(FeedDate.unixMilliseconds(from: "03 Jun 2025 09:39:21") == reference)
    }

    @Test(arguments: [
        "2025-06-03T09:39:21Z",
        "2025-06-03T09:39:21+00:00",
        "2025-06-03T11:39:21+02:00",
        "2025-06-03T04:39:21-05:00",
        "2025-06-03t09:39:21z",
        "2025-06-03 09:39:21Z",
        "2025-06-03T09:39:21.000Z",
        "2025-06-03T09:39:21",
    ])
    func rfc3339VariantsParse(_ text: String) {
        #expect(FeedDate.unixMilliseconds(from: text) == reference)
    }

    @Test func rfc3339FractionsBecomeMilliseconds() {
        #expect(FeedDate.unixMilliseconds(from: "2025-06-03T09:39:21.25Z") == reference + 250)
        #expect(FeedDate.unixMilliseconds(from: "2025-06-03T09:39:21.123456789Z") == reference + 123)
    }

    @Test func dateAloneIsMidnightUTC() {
        #expect(FeedDate.unixMilliseconds(from: "1970-01-02") == 86_400_000)
    }

    @Test func datesBeforeTheEpochAreNegative() {
        #expect(FeedDate.unixMilliseconds(from: "1969-12-31T23:59:59Z") == -1000)
    }

    @Test func leapDayIsValidOnlyInLeapYears() {
        #expect(FeedDate.unixMilliseconds(from: "2024-02-29T00:00:00Z") != nil)
        #expect(FeedDate.unixMilliseconds(from: "2025-02-29T00:00:00Z") == nil)
        #expect(FeedDate.unixMilliseconds(from: "2000-02-29T00:00:00Z") != nil)
        #expect(FeedDate.unixMilliseconds(from: "1900-02-29T00:00:00Z") == nil)
    }

    @Test(arguments: [
        "", "yesterday", "2025-13-01T00:00:00Z", "2025-06-31", "2025-06-03T25:00:00Z", "2025-06-03T09:60:00Z",
        "Tue, 32 Jun 2025 09:39:21 GMT", "Tue, 03 Foo 2025 09:39:21 GMT", "Tue, 03 Jun 2025 09:39:21 XYZ",
        "2025-06-03T09:39:21+25:00", "12345678901234567890", "2025-06-03T09:39:21Z trailing",
    ])
    func invalidDatesGiveNil(_ text: String) {
        #expect(FeedDate.unixMilliseconds(from: text) == nil)
    }

    @Test func twoDigitYearsPivotAtFifty() {
        #expect(FeedDate.unixMilliseconds(from: "01 Jan 70 00:00:00 GMT") == 0)
        #expect(FeedDate.unixMilliseconds(from: "01 Jan 49 00:00:00 GMT") == 2_493_072_000_000)
    }

    @Test func looseShapesAreRead() {
        #expect(FeedDate.unixMilliseconds(from: "Sat Oct 06 2018 00:00:00 GMT") == 1_538_784_000_000)
        #expect(FeedDate.unixMilliseconds(from: "Sat, Dec 16 2023 02:02:33 PM") == 1_702_735_353_000)
        #expect(FeedDate.unixMilliseconds(from: "Mon, 21 Jan 2008 8:56 am PST") == 1_200_934_560_000)
        #expect(FeedDate.unixMilliseconds(from: "2020/1/10 14:33:00") == 1_578_666_780_000)
        #expect(FeedDate.unixMilliseconds(from: "Oct 6 2018 10:00 +0200") == 1_538_812_800_000)
    }

    @Test func looseReadingRefusesUnknownWordsAndAmbiguousOrder() {
        #expect(FeedDate.unixMilliseconds(from: "sometime in Oct 2018") == nil)
        #expect(FeedDate.unixMilliseconds(from: "10/06/2018") == nil)
        #expect(FeedDate.unixMilliseconds(from: "Oct 06 2018 13:00 pm") == nil)
    }
}
