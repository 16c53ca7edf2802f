import Layouts

/// What an instant adds at the end of a frames document (`"at"` and each shimmer group's paint
/// then, `"paints"`), written straight into one buffer sized for them: a request with `?at=`
/// copies the document's opening and writes only this, byte by byte, with no per-value checks.
///
/// Guarantees: the bytes `JSONWriter` writes for the same members in the same order (its number
/// rules: an integral double as an integer, a double of at most three decimals from its
/// thousandths, any other as its shortest round-trip form); the buffer is never overrun (each
/// paint's bound is counted before it is written).
enum InstantJSON {
    /// `opening` (an object's members so far, its closing brace not written), then
    /// `,"at":…,"paints":[…]}`. Points are written rounded to thousandths, as the frames are.
    static func bytes(opening: ArraySlice<UInt8>, at epochMs: Int, paints: [ShimmerPaint]) -> [UInt8] {
        var bound = opening.count + 64
        for paint in paints { bound += 256 + 80 * paint.stops.count }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var cursor = Cursor(buffer.baseAddress!)
            cursor.write(opening)
            cursor.write(",\"at\":")
            cursor.write(epochMs)
            cursor.write(",\"paints\":[")
            for (index, paint) in paints.enumerated() {
                if index > 0 { cursor.write(UInt8(ascii: ",")) }
                cursor.write("{\"group\":")
                cursor.write(paint.group)
                cursor.write(",\"kind\":\"")
                cursor.write(name(paint.kind))
                cursor.write("\",\"application\":\"")
                cursor.write(name(paint.application))
                cursor.write("\",\"start\":")
                cursor.write(paint.start)
                cursor.write(",\"end\":")
                cursor.write(paint.end)
                cursor.write(",\"stops\":[")
                for (index, stop) in paint.stops.enumerated() {
                    cursor.write(index > 0 ? ",{\"color\":\"#" : "{\"color\":\"#")
                    cursor.write(stop.color)
                    cursor.write("\",\"location\":")
                    cursor.write(stop.location)
                    cursor.write(UInt8(ascii: "}"))
                }
                cursor.write("]}")
            }
            cursor.write("]}")
            count = cursor.pointer - buffer.baseAddress!
            precondition(count <= bound, "an instant's JSON overran its bound")
        }
    }

    private static func name(_ kind: ShimmerPaint.Kind) -> StaticString {
        switch kind {
        case .gradient: "gradient"
        case .pulse: "pulse"
        case .still: "static"
        }
    }

    private static func name(_ application: Shimmer.Application) -> StaticString {
        switch application {
        case .overlay: "overlay"
        case .fill: "fill"
        case .mask: "mask"
        }
    }

    /// Where the next byte goes, in a buffer known to be large enough.
    private struct Cursor {
        var pointer: UnsafeMutablePointer<UInt8>

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

        mutating func write(_ bytes: ArraySlice<UInt8>) {
            bytes.withUnsafeBufferPointer { pointer.initialize(from: $0.baseAddress!, count: $0.count) }
            pointer += bytes.count
        }

        mutating func write(_ value: Int) {
            if value < 0 { write(UInt8(ascii: "-")) }
            var magnitude = value.magnitude, digits = 1
            while magnitude >= 10 {
                magnitude /= 10
                digits += 1
            }
            magnitude = value.magnitude
            for place in stride(from: digits - 1, through: 0, by: -1) {
                pointer[place] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
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
                let whole = Int(thousandths) / 1000
                if whole == 0 && value < 0 { write("-0") } else { write(whole) }
                let fraction = Int(thousandths.magnitude) % 1000
                write(UInt8(ascii: "."))
                write(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction / 100))
                if fraction % 100 != 0 { write(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction / 10 % 10)) }
                if fraction % 10 != 0 { write(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)) }
                return
            }
            for byte in value.description.utf8 { write(byte) }
        }

        /// `{"x":…,"y":…}`, rounded to thousandths.
        mutating func write(_ point: Point) {
            write("{\"x\":")
            write(FramesDocument.rounded(point.x))
            write(",\"y\":")
            write(FramesDocument.rounded(point.y))
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
}
