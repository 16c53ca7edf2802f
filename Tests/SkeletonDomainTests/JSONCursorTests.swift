import Layouts
import Testing
@testable import SkeletonDomain

/// `JSONCursor`'s numbers, which an instant's document is written with, against `JSONWriter`'s
/// (the frames' writer): a coordinate rounded to thousandths, over values around every kind of
/// boundary (halves of a thousandth, whole numbers, zero from either side, large magnitudes).
struct JSONCursorTests {
    private static func cursor(_ write: (inout JSONCursor) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 64) { buffer, count in
            var cursor = JSONCursor(buffer.baseAddress!)
            write(&cursor)
            count = cursor.pointer - buffer.baseAddress!
        }
    }

    private static func writer(_ value: Double) -> [UInt8] {
        var writer = JSONWriter()
        writer.number(value)
        return writer.bytes
    }

    @Test func aRoundedCoordinateIsTheWritersRoundedNumber() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 0.4999999999999999, 1.0005, -1.0005, 2.675, 1e-300, 8_589_934.5915, 0x1p43 / 1000, 1e15, -1e300, 0.1 + 0.2]
        for _ in 0..<40_000 {
            let thousandths = Int.random(in: -9_000_000_000_000...9_000_000_000_000, using: &generator) >> Int.random(in: 0...43, using: &generator)
            let value = Double(thousandths) / 1000
            let half = (Double(thousandths) + 0.5) / 1000
            values += [value, value.nextUp, value.nextDown, half, half.nextUp, half.nextDown, -half, Double.random(in: -2_000...2_000, using: &generator)]
        }
        for value in values {
            #expect(Self.cursor { $0.write(rounded: value) } == Self.writer(FramesDocument.rounded(value)), "\(value)")
        }
    }

    @Test func integersAndUnroundedNumbersAreTheWriters() {
        var generator = SystemRandomNumberGenerator()
        var integers = [0, 1, 9, 10, 99, 100, -1, -10, Int.max, Int.min + 1, 999_999_999_999_999_999, 1_000_000_000_000_000_000]
        for _ in 0..<5_000 { integers.append(Int.random(in: Int.min + 1...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator)) }
        for value in integers {
            var writer = JSONWriter()
            writer.number(value)
            #expect(Self.cursor { $0.write(value) } == writer.bytes, "\(value)")
        }
        for _ in 0..<5_000 {
            let value = Double(Int.random(in: -9_000_000...9_000_000, using: &generator)) / 1000
            for double in [value, value.nextUp, value / 7] {
                #expect(Self.cursor { $0.write(double) } == Self.writer(double), "\(double)")
            }
        }
    }
}
