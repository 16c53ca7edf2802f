/// SHA-256 (FIPS 180-4 §6.2) over bytes, in pure Swift.
///
/// Guarantees: the 32-byte digest of FIPS 180-4 for any message, on every platform; no state is
/// kept between calls.
public enum SHA256 {
    /// The digest length in bytes.
    public static let digestCount = 32
    /// The block length in bytes (FIPS 180-4 §5.1.1), which HMAC pads its key to.
    public static let blockCount = 64

    public static func hash(_ message: [UInt8]) -> [UInt8] {
        var state = initialState
        var words = [UInt32](repeating: 0, count: 64)
        let wholeBlocks = message.count / blockCount
        message.withUnsafeBufferPointer { bytes in
            for block in 0..<wholeBlocks {
                compress(bytes, at: block * blockCount, into: &state, words: &words)
            }
        }
        // §5.1.1: a 1 bit, zeros up to 56 mod 64 bytes, then the message length in bits, big-endian.
        var tail = Array(message[(wholeBlocks * blockCount)...])
        tail.append(0x80)
        while tail.count % blockCount != 56 { tail.append(0) }
        let bitCount = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> shift)) }
        tail.withUnsafeBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: blockCount) {
                compress(bytes, at: offset, into: &state, words: &words)
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(digestCount)
        for word in state {
            for shift in stride(from: 24, through: 0, by: -8) {
                digest.append(UInt8(truncatingIfNeeded: word >> shift))
            }
        }
        return digest
    }

    /// §6.2.2: one 64-byte block into the hash state; `words` is the message schedule's storage.
    private static func compress(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, into state: inout [UInt32], words: inout [UInt32]
    ) {
        for t in 0..<16 {
            let i = offset + 4 * t
            words[t] =
                UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        for t in 16..<64 {
            let w15 = words[t - 15]
            let w2 = words[t - 2]
            let sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
            let sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
            words[t] = sigma1 &+ words[t - 7] &+ sigma0 &+ words[t - 16]
        }
        var a = state[0]
        var b = state[1]
        var c = state[2]
        var d = state[3]
        var e = state[4]
        var f = state[5]
        var g = state[6]
        var h = state[7]
        for t in 0..<64 {
            let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temporary1 = h &+ sum1 &+ choice &+ roundConstants[t] &+ words[t]
            let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temporary2 = sum0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temporary1
            d = c
            c = b
            b = a
            a = temporary1 &+ temporary2
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }

    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value >> count | value << (32 - count)
    }

    /// §5.3.3.
    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// §4.2.2.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
