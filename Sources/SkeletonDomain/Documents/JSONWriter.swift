import Layouts

/// Writes JSON (RFC 8259) straight into bytes, with no Foundation and no intermediate values.
///
/// Guarantees: members come out in the order they are written, so the same calls give the same
/// bytes on every run; strings are escaped per RFC 8259 §7 (`"`, `\`, and every control
/// character: the short forms `\b \f \n \r \t`, the rest as `\u00XX`); numbers per §6, with
/// integral doubles written as integers (`1`, not `1.0`) and other doubles in their shortest
/// round-trip form (`0.5`, `1.02`, `-0.3`).
///
/// The writer inserts the commas and colons; the caller keeps the nesting balanced and writes a
/// `key` before each value inside an object.
package struct JSONWriter {
    package private(set) var bytes: [UInt8]
    private var needsComma = false

    package init(reservingCapacity capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    package mutating func beginObject() {
        startValue()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    package mutating func beginArray() {
        startValue()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Starts another top-level value right after the last one, with no comma: for a buffer of
    /// values used separately (a schedule's pre-encoded objects).
    mutating func beginFragment() {
        needsComma = false
    }

    package mutating func key(_ name: String) {
        startValue()
        JSONString.append(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func string(_ value: String) {
        startValue()
        JSONString.append(value, to: &bytes)
        needsComma = true
    }

    package mutating func number(_ value: Int) {
        startValue()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
        needsComma = true
    }

    /// JSON has no NaN or infinity, so passing one is a programming error.
    package mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON cannot represent \(value)")
        // Integral values below 2^53 convert to Int exactly; conversion, unlike rounded(), needs no libm.
        if value.magnitude < 0x1p53, Double(Int(value)) == value {
            number(Int(value))
            return
        }
        // A value of at most three decimals (geometry is rounded to thousandths) that is the double
        // nearest them: written from its thousandths, as its description would be (no shorter
        // decimal is as near: below 2^33 doubles lie far closer together than 0.001).
        let thousandths = value * 1000
        if thousandths.magnitude < 0x1p43, Double(Int(thousandths)) == thousandths, Double(Int(thousandths)) / 1000 == value {
            number(Int(thousandths) / 1000, orMinusZero: value < 0)
            // Not 0: an integral value was written above. Its trailing zeros left out.
            let fraction = Int(thousandths.magnitude) % 1000
            bytes.append(UInt8(ascii: "."))
            bytes.append(Self.digit(fraction / 100))
            if fraction % 100 != 0 { bytes.append(Self.digit(fraction / 10 % 10)) }
            if fraction % 10 != 0 { bytes.append(Self.digit(fraction % 10)) }
            return
        }
        startValue()
        // Swift's description is the shortest form that round-trips, and always valid JSON here.
        bytes.append(contentsOf: value.description.utf8)
        needsComma = true
    }

    private static func digit(_ value: Int) -> UInt8 {
        UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)
    }

    /// `value`, with a minus sign when it is 0 of a negative number (`-0.5`'s whole part).
    private mutating func number(_ value: Int, orMinusZero isNegative: Bool) {
        if value == 0 && isNegative {
            startValue()
            bytes.append(contentsOf: "-0".utf8)
            needsComma = true
        } else {
            number(value)
        }
    }

    package mutating func bool(_ value: Bool) {
        startValue()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        needsComma = true
    }

    package mutating func null() {
        startValue()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Appends a value that is already valid JSON (a pre-encoded object), as one value.
    package mutating func encodedValue(_ json: [UInt8]) {
        encodedValue(json[...])
    }

    package mutating func encodedValue(_ json: ArraySlice<UInt8>) {
        startValue()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    package mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    package mutating func member(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    package mutating func member(_ name: String, _ value: Double) {
        key(name)
        number(value)
    }

    package mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    private mutating func startValue() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
