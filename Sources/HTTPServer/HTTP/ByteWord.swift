/// Eight bytes of a buffer tested at once, as one little-endian word (SWAR): where a hot loop
/// looks for a few byte values, a word costs a handful of instructions instead of eight bytes at
/// a few each.
///
/// Guarantees: every test returns a mask with bit 7 of each byte set exactly when that byte
/// passes it (no carry or borrow crosses from one byte into the next), so `first` finds the
/// first byte that passes, and clearing it finds the next.
enum ByteWord {
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Up to eight bytes from `base` (`count` of them, the ones past it zero), the first lowest.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 8 { return UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)) }
        var word: UInt64 = 0
        var index = count
        while index > 0 {
            index -= 1
            word = word << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self))
        }
        return word
    }

    /// The eight bytes of `buffer` from `index`, read at once where the buffer has them; the ones
    /// past its end zero.
    @inline(__always)
    static func load(_ buffer: UnsafeRawBufferPointer, at index: Int) -> UInt64 {
        load(buffer.baseAddress! + index, count: buffer.count - index)
    }

    /// The marks of the first `count` bytes (all eight when `count` is 8 or more): masks a test
    /// that the zero bytes `load` puts past a buffer's end would pass.
    @inline(__always)
    static func within(_ count: Int) -> UInt64 {
        count >= 8 ? highBits : highBits & ((1 << (UInt64(count) << 3)) &- 1)
    }

    /// The bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        // A byte's bit 7 ends up set when any of its bits is: the byte is not zero.
        return ~(((difference & lowBits) &+ lowBits) | difference) & highBits
    }

    /// The bytes less than `bound`, which is at most 128.
    @inline(__always)
    static func less(_ word: UInt64, than bound: UInt8) -> UInt64 {
        // With bit 7 set first, subtracting `bound` never borrows from the next byte, and clears
        // bit 7 exactly when the low seven bits are below `bound`.
        ~((word | highBits) &- ones &* UInt64(bound)) & ~word & highBits
    }

    /// The bytes greater than `bound`, which is at most 127.
    @inline(__always)
    static func greater(_ word: UInt64, than bound: UInt8) -> UInt64 {
        // The low seven bits plus `127 - bound` stay within the byte, reaching bit 7 exactly when above `bound`.
        (((word & lowBits) &+ ones &* UInt64(127 - bound)) | word) & highBits
    }

    /// The position (0-7) of the first marked byte of a non-zero mask.
    @inline(__always)
    static func first(_ mask: UInt64) -> Int {
        mask.trailingZeroBitCount >> 3
    }
}
