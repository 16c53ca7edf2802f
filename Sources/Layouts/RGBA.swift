/// An sRGB colour with 8-bit channels, written `#RRGGBBAA` with upper-case hex (docs/spec.md §4).
public struct RGBA: Hashable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8
    public let alpha: UInt8

    /// `rgba` as written in the seeds' hex: `0xRRGGBBAA`.
    public init(_ rgba: UInt32) {
        red = UInt8(truncatingIfNeeded: rgba >> 24)
        green = UInt8(truncatingIfNeeded: rgba >> 16)
        blue = UInt8(truncatingIfNeeded: rgba >> 8)
        alpha = UInt8(truncatingIfNeeded: rgba)
    }

    /// This colour with its alpha multiplied by `opacity` and rounded to the nearest step, as
    /// SwiftUI's `.opacity(_:)` does: white at 0.5 is `#FFFFFF80`.
    public func opacity(_ opacity: Double) -> RGBA {
        precondition((0...1).contains(opacity), "opacity \(opacity) is outside 0...1")
        let scaled = UInt32(Double(alpha) * opacity + 0.5)  // round half up; both terms are non-negative
        return RGBA(UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | scaled)
    }

    /// `#RRGGBBAA`: nine bytes written in place, a string held inline (no allocation).
    public var hex: String {
        let rgba = UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
        return String(unsafeUninitializedCapacity: 9) { text in
            text[0] = UInt8(ascii: "#")
            for index in 0..<8 {
                let nibble = UInt8(truncatingIfNeeded: rgba >> (28 - 4 * UInt32(index))) & 0x0F
                text[1 + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
            }
            return 9
        }
    }
}
