/// SHA-256 (FIPS 180-4 §6.2) over bytes, in pure Swift.
///
/// Guarantees: the 32-byte digest of FIPS 180-4 for any message, on every platform; no state is
/// kept between calls; the working memory is on the stack.
package enum SHA256 {
    /// The digest length in bytes.
    package static let digestCount = 32
    /// The block length in bytes (FIPS 180-4 §5.1.1), which HMAC pads its key to.
    package static let blockCount = 64

    /// The hash state after some whole blocks: the eight working words and how many bytes they
    /// cover. HMAC keeps the state after its padded key, so that a code costs the message's blocks.
    struct State: Sendable {
        fileprivate var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
        fileprivate var byteCount: Int

        static let initial = State(words: (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19), byteCount: 0)

        /// The state after `block`, exactly 64 bytes, more.
        func adding(block: UnsafeRawBufferPointer) -> State {
            precondition(block.count == blockCount, "a whole block")
            var state = self
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                compress(block.baseAddress!, into: &state.words, schedule: schedule.baseAddress!)
            }
            state.byteCount += blockCount
            return state
        }
    }

    package static func hash(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { digest(of: $0, after: .initial) }
    }

    /// The digest of what `state` covers followed by `message`: its whole blocks, then the padded
    /// tail (§5.1.1: a 1 bit, zeros up to 56 mod 64 bytes, the length in bits, big-endian). No
    /// heap allocation but the digest's.
    static func digest(of message: UnsafeRawBufferPointer, after state: State) -> [UInt8] {
        var words = state.words
        let wholeBlocks = message.count / blockCount
        let tailCount = message.count - wholeBlocks * blockCount
        let bitCount = UInt64(state.byteCount + message.count) &* 8
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for block in 0..<wholeBlocks {
                compress(message.baseAddress! + block * blockCount, into: &words, schedule: schedule.baseAddress!)
            }
            withUnsafeTemporaryAllocation(byteCount: 2 * blockCount, alignment: 8) { tail in
                let tailBlocks = tailCount < 56 ? 1 : 2
                tail.initializeMemory(as: UInt8.self, repeating: 0)
                if tailCount > 0 {
                    tail.baseAddress!.copyMemory(from: message.baseAddress! + wholeBlocks * blockCount, byteCount: tailCount)
                }
                tail[tailCount] = 0x80
                tail.storeBytes(of: bitCount.bigEndian, toByteOffset: tailBlocks * blockCount - 8, as: UInt64.self)
                for block in 0..<tailBlocks {
                    compress(UnsafeRawPointer(tail.baseAddress! + block * blockCount), into: &words, schedule: schedule.baseAddress!)
                }
            }
        }
        return [UInt8](unsafeUninitializedCapacity: digestCount) { digest, count in
            withUnsafeBytes(of: words) { words in
                for index in 0..<8 {
                    let word = words.load(fromByteOffset: 4 * index, as: UInt32.self).bigEndian
                    UnsafeMutableRawPointer(digest.baseAddress! + 4 * index).storeBytes(of: word, as: UInt32.self)
                }
            }
            count = digestCount
        }
    }

    /// §6.2.2: one 64-byte block into the hash state; `schedule` is 64 words of scratch.
    private static func compress(
        _ block: UnsafeRawPointer, into state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
        schedule words: UnsafeMutablePointer<UInt32>
    ) {
        for t in 0..<16 {
            words[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
        }
        for t in 16..<64 {
            let w15 = words[t - 15]
            let w2 = words[t - 2]
            let sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
            let sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
            words[t] = sigma1 &+ words[t - 7] &+ sigma0 &+ words[t - 16]
        }
        var (a, b, c, d, e, f, g, h) = state
        roundConstants.withUnsafeBufferPointer { constants in
            for t in 0..<64 {
                let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                let choice = (e & f) ^ (~e & g)
                let temporary1 = h &+ sum1 &+ choice &+ constants[t] &+ words[t]
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
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value >> count | value << (32 - count)
    }

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
