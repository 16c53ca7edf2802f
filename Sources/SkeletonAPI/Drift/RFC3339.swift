/// Epoch milliseconds written as an RFC 3339 UTC timestamp with milliseconds
/// (`2026-11-27T22:40:00.123Z`), computed from the civil calendar (no time zone, no libc).
enum RFC3339 {
    static func string(epochMilliseconds: Int64) -> String {
        let (seconds, milliseconds) = floorDivision(epochMilliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = floorDivision(z, 146_097).0
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3600, 2)):"
            + "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2)).\(padded(milliseconds, 3))Z"
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
