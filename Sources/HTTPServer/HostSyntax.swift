import Glibc

/// The syntax of a Host field value and of an absolute-form target's authority (RFC 9112 §3.2,
/// RFC 9110 §7.2): `uri-host [ ":" port ]` of RFC 3986 §3.2.2-3, where the host is a reg-name
/// (which covers IPv4 addresses), or an IPv6 address or IPvFuture in brackets, and the port is
/// digits only. An empty value is valid (a target without an authority, RFC 9112 §3.2).
enum HostSyntax {
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var hostEnd = bytes.count
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), isIPLiteral(UnsafeRawBufferPointer(rebasing: bytes[1..<close])) else { return false }
            hostEnd = close + 1
            guard hostEnd == bytes.count || bytes[hostEnd] == UInt8(ascii: ":") else { return false }
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard isRegName(bytes[..<hostEnd]) else { return false }
        }
        return hostEnd == bytes.count || bytes[(hostEnd + 1)...].allSatisfy(isDigit)
    }

    /// reg-name: unreserved, pct-encoded and sub-delims (RFC 3986 §3.2.2).
    private static func isRegName(_ bytes: Slice<UnsafeRawBufferPointer>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else { return false }
                index += 3
                continue
            }
            guard PercentEncoding.isUnreserved(byte) || isSubDelimiter(byte) else { return false }
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
