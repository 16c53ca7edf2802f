/// A calendar day of the sample content, counted from the fixed epoch 2026-01-01, never from the
/// wall clock, and formatted by hand (proleptic Gregorian calendar, times in UTC).
///
/// Guarantees: the sample "today" of a seed is 2026-01-01 plus 0 to 364 days drawn from the seed
/// alone, so every element of every screen agrees on it; formatting gives ISO 8601 dates
/// (`2026-03-14`), months (`2026-03`) and timestamps (`2026-03-14T09:41:00Z`).
struct SampleDate {
    /// Days after 2026-01-01 (negative before it).
    let day: Int

    static func today(seed: Int) -> SampleDate {
        var draws = SampleDraws(screen: "sample", element: "today", seed: seed)
        return SampleDate(day: draws.int(in: 0...364))
    }

    func adding(days: Int) -> SampleDate {
        SampleDate(day: day + days)
    }

    var startOfMonth: SampleDate {
        adding(days: 1 - civil.day)
    }

    var endOfMonth: SampleDate {
        let (year, month, day) = civil
        return adding(days: Self.daysIn(month: month, year: year) - day)
    }

    /// `2026-03-14`.
    var iso: String {
        let (year, month, day) = civil
        return "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
    }

    /// `2026-03`.
    var isoMonth: String {
        let (year, month, _) = civil
        return "\(year)-\(Self.twoDigits(month))"
    }

    /// `March 2026`.
    var monthTitle: String {
        let (year, month, _) = civil
        return "\(Self.monthNames[month - 1]) \(year)"
    }

    /// `2026-03-14T09:41:00Z` for `minute` minutes after this day's midnight (0..<1440).
    func timestamp(minute: Int) -> String {
        precondition((0..<1440).contains(minute), "minute \(minute) is not within a day")
        return "\(iso)T\(Self.twoDigits(minute / 60)):\(Self.twoDigits(minute % 60)):00Z"
    }

    /// Year, month (1-12) and day (1-31).
    private var civil: (year: Int, month: Int, day: Int) {
        let date = CivilDate(daysSince1970: day + 20_454)  // 2026-01-01 is day 20,454 after 1970-01-01
        return (date.year, date.month, date.day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
