import SkeletonDomain

/// Epoch milliseconds written as an RFC 3339 UTC timestamp with milliseconds
/// (`2026-11-27T22:40:00.123Z`), computed from the civil calendar (no time zone, no libc).
enum RFC3339 {
    static func string(epochMilliseconds: Int64) -> String {
        let (seconds, milliseconds) = floorDivision(epochMilliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let date = CivilDate(daysSince1970: Int(days))
        let (year, month, day) = (Int64(date.year), Int64(date.month), Int64(date.day))
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
