/// FNV-1a, 64-bit, over bytes: the same input gives the same hash on every run and machine
/// (unlike `hashValue`, which Swift seeds per process). Used for ETags and screen versions,
/// where a change must change the hash; it is not a defence against collisions made on purpose.
struct ContentHash: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV's 64-bit prime.
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ bytes: [UInt8]) {
        add(bytes[...])
    }

    mutating func add(_ bytes: ArraySlice<UInt8>) {
        // A local state and a moving pointer, not `buffer[index]` into `value`: the same loop, and
        // a fraction of the work in an unoptimised build (a test build's servers hash every
        // document as they start), where each access to `value` is checked for exclusivity.
        var hash = value
        bytes.withUnsafeBufferPointer { buffer in
            guard var byte = buffer.baseAddress else { return }
            let end = byte + buffer.count
            while byte < end {
                hash = (hash ^ UInt64(byte.pointee)) &* Self.prime
                byte += 1
            }
        }
        value = hash
    }

    /// Carries the hash on over `bytes` eight at a time (little-endian words, the last padded
    /// with zeros), then their count, each step FNV-1a's: a hash of its own (not FNV-1a of the
    /// bytes) that costs an eighth as much. Each step is a bijection of the state, so that two
    /// inputs of one length that differ in one word always hash apart.
    mutating func addWords(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { addWords($0) }
    }

    /// `addWords` over bytes in memory.
    mutating func addWords(_ raw: UnsafeRawBufferPointer) {
        let offset = addWholeWords(raw)
        if offset < raw.count {
            var last: UInt64 = 0
            for index in offset..<raw.count { last |= UInt64(raw[index]) << (8 * UInt64(index - offset)) }
            add(word: last)
        }
        add(word: UInt64(raw.count))
    }

    /// Carries the hash on over one word: a step of `addWords`, FNV-1a's step on a word.
    @inline(__always)
    mutating func add(word: UInt64) {
        value = (value ^ word) &* Self.prime
    }

    /// How many readable bytes `addWords(roomAfter:)` needs after its bytes.
    static let roomAfter = 7

    /// `addWords` over bytes that at least `roomAfter` bytes of the same buffer follow (a piece
    /// written into a buffer sized with room to spare; what they hold does not matter): the same
    /// hash, the last partial word loaded whole and masked instead of gathered byte by byte.
    mutating func addWords(roomAfter raw: UnsafeRawBufferPointer) {
        let offset = addWholeWords(raw)
        let rest = raw.count - offset
        if rest > 0 {
            let word = UInt64(littleEndian: raw.baseAddress!.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            add(word: word & (UInt64.max &>> (64 &- 8 &* UInt64(truncatingIfNeeded: rest))))
        }
        add(word: UInt64(truncatingIfNeeded: raw.count))
    }

    /// Carries the hash over `raw`'s whole words; returns where the rest (under eight bytes) starts.
    @inline(__always)
    private mutating func addWholeWords(_ raw: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset + 8 <= raw.count {
            add(word: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        return offset
    }

    /// Sixteen lower-case hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `hex` in double quotes, as an ETag carries it: written in place, with no intermediate strings.
    var quotedHex: String {
        String(unsafeUninitializedCapacity: 18) { text in
            text[0] = UInt8(ascii: "\"")
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0x0F
                text[1 + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            text[17] = UInt8(ascii: "\"")
            return 18
        }
    }
}
