/// A day of the proleptic Gregorian calendar, from its count of days since 1970-01-01 (negative
/// before it), by Howard Hinnant's `civil_from_days`: no time zone, no libc, exact for every day
/// an `Int` counts.
package struct CivilDate: Sendable, Equatable {
    package let year: Int
    /// 1-12.
    package let month: Int
    /// 1-31.
    package let day: Int

    package init(daysSince1970 days: Int) {
        let shifted = days + 719_468  // from 0000-03-01, so that a leap day ends its year
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    }
}
