import Glibc

/// The `Date` field line (RFC 9110 §6.6.1, IMF-fixdate), formatted at most once a second.
struct DateHeader {
    private(set) var line: [UInt8] = []
    private var second: time_t = -1

    /// Reformats the line if the wall-clock second has changed.
    mutating func refresh() {
        let now = time(nil)
        guard now != second else { return }
        second = now
        var parts = tm()
        var clock = now
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var text: [UInt8] = Array("Date: ".utf8)
        text += days[Int(parts.tm_wday)].utf8
        text += ", ".utf8
        appendTwoDigits(Int(parts.tm_mday), to: &text)
        text.append(space)
        text += months[Int(parts.tm_mon)].utf8
        text.append(space)
        text += String(1900 + Int(parts.tm_year)).utf8
        text.append(space)
        appendTwoDigits(Int(parts.tm_hour), to: &text)
        text.append(UInt8(ascii: ":"))
        appendTwoDigits(Int(parts.tm_min), to: &text)
        text.append(UInt8(ascii: ":"))
        appendTwoDigits(Int(parts.tm_sec), to: &text)
        text += " GMT\r\n".utf8
        line = text
    }

    private func appendTwoDigits(_ value: Int, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "0") + UInt8(value / 10))
        text.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
