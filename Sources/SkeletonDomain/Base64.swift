/// RFC 4648 base64, the one encoder: the URL- and filename-safe alphabet of §5 without padding
/// (session tokens, the default), or the standard alphabet of §4 with padding (CSP hashes).
///
/// Guarantees: `decode` accepts exactly the strings `encode` produces in the URL alphabet: no
/// padding, no characters outside the alphabet, no length of 1 mod 4, and zero bits in the last
/// character's unused low bits (§3.5), so each byte sequence has one spelling and changing any
/// character of a valid text changes the bytes or fails.
package enum Base64 {
    package enum Alphabet: Sendable {
        /// §5, without padding.
        case url
        /// §4, padded with `=` to a multiple of four characters.
        case standard
    }

    package static func encode(_ bytes: [UInt8], _ alphabet: Alphabet = .url) -> String {
        let digits = alphabet == .url ? urlDigits : standardDigits
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let group =
                UInt32(bytes[index]) << 16
                | (remaining > 1 ? UInt32(bytes[index + 1]) << 8 : 0)
                | (remaining > 2 ? UInt32(bytes[index + 2]) : 0)
            for position in 0..<min(remaining + 1, 4) {
                text.append(digits[Int(group >> (18 - 6 * position) & 0x3F)])
            }
            index += 3
        }
        if alphabet == .standard { text += repeatElement(UInt8(ascii: "="), count: (4 - text.count % 4) % 4) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of a URL-alphabet text; nil for anything `encode` would not have written.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count * 3 / 4)
        var group: UInt32 = 0
        var digits = 0
        for character in text {
            let value = values[Int(character)]
            guard value != invalid else { return nil }
            group = group << 6 | UInt32(value)
            digits += 1
            if digits == 4 {
                bytes.append(UInt8(truncatingIfNeeded: group >> 16))
                bytes.append(UInt8(truncatingIfNeeded: group >> 8))
                bytes.append(UInt8(truncatingIfNeeded: group))
                group = 0
                digits = 0
            }
        }
        switch digits {
        case 2:
            guard group & 0xF == 0 else { return nil }
            bytes.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            guard group & 0x3 == 0 else { return nil }
            bytes.append(UInt8(truncatingIfNeeded: group >> 10))
            bytes.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            break
        }
        return bytes
    }

    private static let urlDigits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let standardDigits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let invalid: UInt8 = 0xFF

    /// Each byte's value in the alphabet, or `invalid`.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: invalid, count: 256)
        for (value, character) in urlDigits.enumerated() { values[Int(character)] = UInt8(value) }
        return values
    }()
}
