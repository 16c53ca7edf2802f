/// HMAC (RFC 2104) with SHA-256, as RFC 4231 tests it, for one key: the hash states after the
/// key's inner and outer pads are computed once, so that a code costs the message's blocks and
/// one more, not four.
///
/// Guarantees: the full 32-byte code for any key and message (a key longer than SHA-256's
/// 64-byte block is hashed first, RFC 2104 §2); truncating it is the caller's choice.
package struct HMACSHA256: Sendable {
    private let inner: SHA256.State
    private let outer: SHA256.State

    package init(key: [UInt8]) {
        var block = key.count > SHA256.blockCount ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockCount - block.count)
        inner = block.map { $0 ^ 0x36 }.withUnsafeBytes { SHA256.State.initial.adding(block: $0) }
        outer = block.map { $0 ^ 0x5c }.withUnsafeBytes { SHA256.State.initial.adding(block: $0) }
    }

    package func authenticationCode(_ message: [UInt8]) -> [UInt8] {
        let innerDigest = message.withUnsafeBytes { SHA256.digest(of: $0, after: inner) }
        return innerDigest.withUnsafeBytes { SHA256.digest(of: $0, after: outer) }
    }

    package static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        HMACSHA256(key: key).authenticationCode(message)
    }
}
