/// The one way counts are written on screen: digits grouped by three with commas
/// ("1", "1,060", "100,000"), whatever the locale, so that a number reads the same in every
/// scene, message and test.
public enum CountText {
    /// `count` with a comma between each group of three digits: "1,000,000".
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return count < 0 ? "-" + grouped : grouped
    }

    /// "1 todo", "12,345 todos": the count grouped, with the noun that goes with it.
    public static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        count == 1 ? "1 \(singular)" : "\(grouped(count)) \(plural)"
    }
}
