import Glibc

/// The syntax of a Host field value and of an absolute-form target's authority (RFC 9112 §3.2,
/// RFC 9110 §7.2): `uri-host [ ":" port ]` of RFC 3986 §3.2.2-3, where the host is a reg-name
/// (which covers IPv4 addresses), or an IPv6 address or IPvFuture in brackets, and the port is
/// digits only. An empty value is valid (a target without an authority, RFC 9112 §3.2).
enum HostSyntax {
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.first == UInt8(ascii: "[") { return isBracketed(bytes) }
        // A reg-name: unreserved, pct-encoded and sub-delims (RFC 3986 §3.2.2).
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return isPort(bytes, from: index + 1) }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else { return false }
                index += 3
                continue
            }
            guard isRegNameCharacter(byte) else { return false }
            index += 1
        }
        return true
    }

    /// unreserved or sub-delims, by bit masks over ASCII: this runs for every request's Host.
    @inline(__always)
    private static func isRegNameCharacter(_ byte: UInt8) -> Bool {
        byte < 64 ? (0x2bff_7fd2_0000_0000 as UInt64) >> byte & 1 == 1
            : byte < 128 ? (0x47ff_fffe_87ff_fffe as UInt64) >> (byte - 64) & 1 == 1 : false
    }

    /// `[...]` and an optional port.
    private static func isBracketed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), isIPLiteral(UnsafeRawBufferPointer(rebasing: bytes[1..<close])) else { return false }
        return close + 1 == bytes.count || (bytes[close + 1] == UInt8(ascii: ":") && isPort(bytes, from: close + 2))
    }

    /// port = *DIGIT.
    private static func isPort(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            guard isDigit(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// The inside of `[...]`: an IPv6 address (checked by `inet_pton`) or `v` HEX `.` (unreserved / sub-delims / ":")+.
    private static func isIPLiteral(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let first = bytes.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot > 1, dot + 1 < bytes.count else { return false }
            return bytes[1..<dot].allSatisfy { hexValue($0) != nil }
                && bytes[(dot + 1)...].allSatisfy { PercentEncoding.isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
        }
        guard bytes.count < 46, bytes.allSatisfy({ hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return false }
        var text = [CChar](repeating: 0, count: bytes.count + 1)
        for index in bytes.indices { text[index] = CChar(bitPattern: bytes[index]) }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }
}
