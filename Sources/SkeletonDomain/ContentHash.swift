/// FNV-1a, 64-bit, over bytes: the same input gives the same hash on every run and machine
/// (unlike `hashValue`, which Swift seeds per process). Used for ETags and screen versions,
/// where a change must change the hash; it is not a defence against collisions made on purpose.
struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }

    /// Sixteen lower-case hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
