import Testing
@testable import HTTPServer

/// `ByteWord`'s masks, against a byte-by-byte reading of the same eight bytes.
@Suite struct ByteWordTests {
    /// Every byte value in every position, beside neighbours that could carry or borrow into it.
    static let words: [[UInt8]] = (0...255).flatMap { value -> [[UInt8]] in
        let byte = UInt8(value)
        return [[byte, 0, 0xFF, byte, 0x80, 0x7F, byte, 1], [0xFF, byte, 0x00, 0x26, byte, 0x2C, 0xFF, byte], Array(repeating: byte, count: 8)]
    }

    private static func marks(_ bytes: [UInt8], _ passes: (UInt8) -> Bool) -> UInt64 {
        bytes.enumerated().reduce(0) { mask, element in passes(element.element) ? mask | (0x80 << (UInt64(element.offset) * 8)) : mask }
    }

    @Test func marksExactlyTheBytesThatPass() {
        for bytes in Self.words {
            let word = bytes.withUnsafeBytes { ByteWord.load($0.baseAddress!, count: 8) }
            for target in [UInt8(0), 0x25, 0x26, 0x2B, 0x3D, 0x80, 0xFF] {
                #expect(ByteWord.equal(word, target) == Self.marks(bytes) { $0 == target })
            }
            for bound in [UInt8(1), 0x21, 0x26, 0x2C, 0x80] {
                #expect(ByteWord.less(word, than: bound) == Self.marks(bytes) { $0 < bound })
            }
            for bound in [UInt8(0), 0x20, 0x7E, 0x7F] {
                #expect(ByteWord.greater(word, than: bound) == Self.marks(bytes) { $0 > bound })
            }
        }
    }

    @Test func loadsAShortTailWithZerosPastIt() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        bytes.withUnsafeBytes { buffer in
            #expect(ByteWord.load(buffer, at: 0) == 0x0807_0605_0403_0201)
            #expect(ByteWord.load(buffer, at: 6) == 0x09_0807)
            #expect(ByteWord.within(3) == 0x80_8080)
            #expect(ByteWord.within(8) == 0x8080_8080_8080_8080)
            #expect(ByteWord.first(ByteWord.equal(ByteWord.load(buffer, at: 0), 4)) == 3)
        }
    }
}
