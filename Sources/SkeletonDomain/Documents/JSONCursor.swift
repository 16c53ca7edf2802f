import Layouts

/// Where the next byte of a JSON text goes, in a buffer its caller has sized: writing with no
/// per-value checks (`InstantJSON` counts each part's bound before writing it). A rounded number
/// and a short padded piece are stored a word at a time: the buffer has `roomAfter` bytes after
/// wherever one is written.
///
/// Guarantees: numbers come out as `JSONWriter.number` writes them (an integral double as an
/// integer, a double of at most three decimals from its thousandths, any other as its shortest
/// round-trip form), a point's coordinates rounded to thousandths first, as the frames are.
struct JSONCursor {
    /// How many bytes a buffer must have after the last byte written (and a padded source after
    /// its piece): a word store or load may reach that far.
    static let roomAfter = 8
    /// The most bytes `write(rounded:)` writes.
    static let roundedBound = 32

    private(set) var pointer: UnsafeMutablePointer<UInt8>
    /// `threeDigits`, read once per cursor rather than once per number.
    private let digits = JSONCursor.threeDigits

    init(_ pointer: UnsafeMutablePointer<UInt8>) {
        self.pointer = pointer
    }

    mutating func write(_ byte: UInt8) {
        pointer.initialize(to: byte)
        pointer += 1
    }

    mutating func write(_ text: StaticString) {
        pointer.initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
        pointer += text.utf8CodeUnitCount
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        pointer.initialize(from: bytes.baseAddress!, count: bytes.count)
        pointer += bytes.count
    }

    /// `count` bytes from `source`, which has at least `roomAfter` readable bytes after them:
    /// a short piece (the punctuation between two coordinates) copied a word at a time, a longer
    /// one by `memcpy`.
    @inline(__always)
    mutating func write(padded source: UnsafePointer<UInt8>, count: Int) {
        guard count <= 32 else { return write(UnsafeBufferPointer(start: source, count: count)) }
        var offset = 0
        while offset < count {
            UnsafeMutableRawPointer(pointer + offset).storeBytes(of: UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self), as: UInt64.self)
            offset += 8
        }
        pointer += count
    }

    mutating func write(_ value: Int) {
        if value < 0 { write(UInt8(ascii: "-")) }
        write(digitsOf: value.magnitude)
    }

    /// The decimal digits of `magnitude`, counted by comparison and written from the last.
    private mutating func write(digitsOf magnitude: UInt) {
        var digits = 1, limit: UInt = 10
        while digits < 19 && magnitude >= limit {
            digits += 1
            limit &*= 10
        }
        if digits == 19 && magnitude >= limit { digits = 20 }
        var rest = magnitude, place = digits
        repeat {
            place -= 1
            pointer[place] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while place > 0
        pointer += digits
    }

    /// As `JSONWriter.number(_: Double)` writes it.
    mutating func write(_ value: Double) {
        precondition(value.isFinite, "JSON cannot represent \(value)")
        if value.magnitude < 0x1p53, Double(Int(value)) == value {
            write(Int(value))
            return
        }
        let thousandths = value * 1000
        if thousandths.magnitude < 0x1p43, Double(Int(thousandths)) == thousandths, Double(Int(thousandths)) / 1000 == value {
            write(thousandths: Int(thousandths))
            return
        }
        for byte in value.description.utf8 { write(byte) }
    }

    /// `FramesDocument.rounded(value)` as `JSONWriter.number` writes it, from its thousandths
    /// found in integers: `rounded()` is half away from zero, as the truncation plus the exact
    /// remainder decides it here; the rounded double is `Double(thousandths) / 1000`, integral
    /// exactly when the thousandths are a multiple of 1000 (below 2^43 doubles lie far closer
    /// together than 0.001), and written from its thousandths. A whole part below
    /// 1000 and the decimals are each one table look-up (`threeDigits`) and one four-byte store.
    /// Returns the thousandths the text was written from (it is theirs alone), or nil for a value
    /// too large for them, written in full.
    @inline(__always) @discardableResult
    mutating func write(rounded value: Double) -> Int? {
        let scaled = value * 1000
        guard scaled.magnitude < 0x1p43 else {
            write(FramesDocument.rounded(value))
            return nil
        }
        var thousandths = Int(scaled)
        let remainder = scaled - Double(thousandths)
        if remainder >= 0.5 { thousandths += 1 } else if remainder <= -0.5 { thousandths -= 1 }
        let magnitude = thousandths.magnitude
        let whole = magnitude / 1000, fraction = magnitude &- whole &* 1000
        // `JSONWriter` writes the rounded double from its thousandths when they multiply back
        // exactly, else in its shortest round-trip form: below 2^43 thousandths both are these
        // digits (a decimal of at most 13 significant digits is the shortest that reads back as
        // the double nearest it), so that test is not made here.
        // A negative number's sign, but not zero's (`-0.0004` rounds to -0.0, written `0`).
        if thousandths < 0 { write(UInt8(ascii: "-")) }
        if whole < 1000 {
            // The whole part's digits from the table, stored as one word from its first digit.
            let wholeDigits = digits[Int(whole)] & 0xFF_FFFF
            let count = whole < 10 ? 1 : whole < 100 ? 2 : 3
            UnsafeMutableRawPointer(pointer).storeBytes(of: UInt32(littleEndian: wholeDigits >> (8 * UInt32(3 - count))), as: UInt32.self)
            pointer += count
        } else {
            write(digitsOf: whole)
        }
        guard fraction != 0 else { return thousandths }
        // ".ddd" stored at once, then only its digits up to the last that is not zero kept.
        let decimals = digits[Int(fraction)]
        UnsafeMutableRawPointer(pointer).storeBytes(of: UInt32(littleEndian: 0x2E | decimals << 8), as: UInt32.self)
        pointer += 1 + Int(decimals >> 24)
        return thousandths
    }

    /// Each number below 1000 as its three digits (`"042"` for 42), first digit in the lowest
    /// byte, and in the top byte how many of them a fraction keeps: up to its last that is not
    /// zero. Made once and never freed, so that a cursor can hold a plain pointer to it; only
    /// read once made, so any thread may share it.
    nonisolated(unsafe) private static let threeDigits: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 1000)
        for number in 0..<UInt32(1000) {
            let digits = (0x30 + number / 100) | (0x30 + number / 10 % 10) << 8 | (0x30 + number % 10) << 16
            let kept: UInt32 = number % 10 != 0 ? 3 : number % 100 != 0 ? 2 : number != 0 ? 1 : 0
            table[Int(number)] = digits | kept << 24
        }
        return UnsafePointer(table)
    }()

    /// A number that is not integral from its thousandths: its whole part (`-0` for a negative
    /// one above -1), a point, then its three decimals without their trailing zeros.
    private mutating func write(thousandths: Int) {
        if thousandths < 0 { write(UInt8(ascii: "-")) }
        write(digitsOf: thousandths.magnitude / 1000)
        let fraction = thousandths.magnitude % 1000
        write(UInt8(ascii: "."))
        write(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100))
        if fraction % 100 != 0 { write(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10 % 10)) }
        if fraction % 10 != 0 { write(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)) }
    }

    /// Eight upper-case hex digits, `RRGGBBAA` (as `RGBA.hex` writes them after its `#`).
    mutating func write(_ color: RGBA) {
        let rgba = UInt32(color.red) << 24 | UInt32(color.green) << 16 | UInt32(color.blue) << 8 | UInt32(color.alpha)
        for index in 0..<8 {
            let nibble = UInt8(truncatingIfNeeded: rgba >> (28 - 4 * UInt32(index))) & 0x0F
            write(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
        }
    }
}
