import Testing
@testable import SkeletonDomain

/// `ContentHash.addWords(roomAfter:)`, which loads a piece's last partial word whole and masks
/// off the bytes after it, against `addWords`, which gathers that word byte by byte: the same
/// hash for every length of a piece and whatever bytes follow it.
struct ContentHashTests {
    @Test func aMaskedLastWordHashesAsTheBytesGathered() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            for _ in 0..<20 {
                let bytes = (0..<length + ContentHash.roomAfter).map { _ in UInt8.random(in: 0...255, using: &generator) }
                var gathered = ContentHash(), masked = ContentHash()
                bytes.withUnsafeBytes { raw in
                    let piece = UnsafeRawBufferPointer(rebasing: raw[..<length])
                    gathered.addWords(piece)
                    masked.addWords(roomAfter: piece)
                }
                #expect(masked.value == gathered.value, "\(length) bytes")
                // The bytes after the piece do not count: another tail, the same hash.
                var otherTail = bytes
                for index in length..<otherTail.count { otherTail[index] ^= 0xFF }
                var again = ContentHash()
                otherTail.withUnsafeBytes { again.addWords(roomAfter: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
                #expect(again.value == gathered.value, "\(length) bytes, another tail")
            }
        }
    }
}
