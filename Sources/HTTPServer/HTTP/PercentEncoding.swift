/// Percent-encoding (RFC 3986 §2.1): decoding, the check that a decoding is well formed, and
/// the normalisation of a path that keeps its segment structure (§6.2.2).
enum PercentEncoding {
    /// The decoded bytes; nil when a `%` is not followed by two hex digits. `plusIsSpace`: `+`
    /// is a space, as in `application/x-www-form-urlencoded` queries.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return output
    }

    /// The decoded text; nil when the encoding is malformed or the bytes are not UTF-8.
    static func decodedText(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> String? {
        guard let decoded = decoded(bytes, plusIsSpace: plusIsSpace) else { return nil }
        return String(validating: decoded, as: UTF8.self)
    }

    /// Whether `bytes` has any `%` (or `+` when it is a space) to decode.
    static func needsDecoding(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace) }
    }

    /// A path with its percent-encoded unreserved characters decoded and every other
    /// percent-encoding kept, its hex upper-cased (RFC 3986 §6.2.2.1-2): `/layout%73/a%2fb`
    /// is `/layouts/a%2Fb`, so `%2F` never becomes a segment separator. Nil when malformed.
    static func normalizedPath(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
            let byte = high << 4 | low
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), upperHexDigits[Int(high)], upperHexDigits[Int(low)]]
            }
            index += 3
        }
        return output
    }

    /// unreserved of RFC 3986 §2.3.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)
}

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
