import Layouts

/// Where the next byte of a JSON text goes, in a buffer its caller has sized: writing with no
/// per-value checks (`InstantJSON` counts each part's bound before writing it). A rounded number
/// and the literals are stored a word at a time: the buffer has room for eight bytes wherever
/// one is written.
///
/// Guarantees: numbers come out as `JSONWriter.number` writes them (an integral double as an
/// integer, a double of at most three decimals from its thousandths, any other as its shortest
/// round-trip form), a point's coordinates rounded to thousandths first, as the frames are.
struct JSONCursor {
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

    mutating func write(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { write($0) }
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
    /// together than 0.001), and written from its thousandths when it multiplies back to them
    /// exactly (the writer's test), else in its shortest round-trip form. A whole part below
    /// 1000 and the decimals are each one table look-up (`threeDigits`) and one four-byte store.
    @inline(__always)
    mutating func write(rounded value: Double) {
        let scaled = value * 1000
        guard scaled.magnitude < 0x1p43 else { return write(FramesDocument.rounded(value)) }
        var thousandths = Int(scaled)
        let remainder = scaled - Double(thousandths)
        if remainder >= 0.5 { thousandths += 1 } else if remainder <= -0.5 { thousandths -= 1 }
        let magnitude = thousandths.magnitude
        let whole = magnitude / 1000, fraction = magnitude &- whole &* 1000
        if fraction != 0, Double(thousandths) / 1000 * 1000 != Double(thousandths) {
            for byte in (Double(thousandths) / 1000).description.utf8 { write(byte) }
            return
        }
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
        guard fraction != 0 else { return }
        // ".ddd" stored at once, then only its digits up to the last that is not zero kept.
        let decimals = digits[Int(fraction)]
        UnsafeMutableRawPointer(pointer).storeBytes(of: UInt32(littleEndian: 0x2E | decimals << 8), as: UInt32.self)
        pointer += 1 + Int(decimals >> 24)
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

    /// Up to eight bytes of text given as a little-endian word (`0x3A2278227B` is `{"x":`),
    /// stored at once: the buffer has room for the whole word wherever a literal is written.
    @inline(__always)
    private mutating func write(word: UInt64, count: Int) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: UInt64(littleEndian: word), as: UInt64.self)
        pointer += count
    }

    /// `{"x":…,"y":…},"end":{"x":…,"y":…}`: a paint's start and end points, rounded to
    /// thousandths (written word-wise: `{"x":`, `,"y":`, `},"end":`, each at most eight bytes).
    @inline(__always)
    mutating func write(start: Point, end: Point) {
        write(word: 0x3A22_7822_7B, count: 5)
        write(rounded: start.x)
        write(word: 0x3A22_7922_2C, count: 5)
        write(rounded: start.y)
        write(word: 0x3A22_646E_6522_2C7D, count: 8)
        write(word: 0x3A22_7822_7B, count: 5)
        write(rounded: end.x)
        write(word: 0x3A22_7922_2C, count: 5)
        write(rounded: end.y)
        write(UInt8(ascii: "}"))
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
