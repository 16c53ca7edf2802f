/// HMAC (RFC 2104) with SHA-256, as RFC 4231 tests it.
///
/// Guarantees: the full 32-byte code for any key and message (a key longer than SHA-256's
/// 64-byte block is hashed first, RFC 2104 §2); truncating it is the caller's choice.
public enum HMACSHA256 {
    public static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > SHA256.blockCount ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockCount - block.count)
        let inner = SHA256.hash(block.map { $0 ^ 0x36 } + message)
        return SHA256.hash(block.map { $0 ^ 0x5c } + inner)
    }
}
