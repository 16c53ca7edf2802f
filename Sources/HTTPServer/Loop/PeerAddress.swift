import Glibc

/// A connection's peer as the kernel gave it at accept: the raw address and port, 20 bytes inside
/// the connection and no allocation; written as text (`127.0.0.1:54321`, `[::1]:54321`) only into
/// an access-log line. Routes ask whether it is within an `AddressRange` (a loopback-only route).
package struct PeerAddress: Equatable, Sendable {
    /// IPv4 in the first 4 bytes, or IPv6 in all 16, in network order.
    var address: (UInt64, UInt64) = (0, 0)
    private var port: UInt16 = 0
    var isIPv6 = false

    init() {}

    init(_ storage: sockaddr_storage) {
        let family = Int32(storage.ss_family)
        withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET:
                let address = raw.load(as: sockaddr_in.self)
                port = UInt16(bigEndian: address.sin_port)
                self.address.0 = UInt64(address.sin_addr.s_addr)
            case AF_INET6:
                let address = raw.load(as: sockaddr_in6.self)
                port = UInt16(bigEndian: address.sin6_port)
                isIPv6 = true
                withUnsafeBytes(of: address.sin6_addr) { bytes in
                    self.address = (bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                }
            default:
                break
            }
        }
    }

    package static func == (left: PeerAddress, right: PeerAddress) -> Bool {
        left.address == right.address && left.port == right.port && left.isIPv6 == right.isIPv6
    }

    func write(into buffer: inout OutputBuffer) {
        if isIPv6 {
            var address = self.address
            var text = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))  // INET6_ADDRSTRLEN (46) and more
            withUnsafeMutableBytes(of: &text) { text in
                inet_ntop(AF_INET6, &address, text.baseAddress!.assumingMemoryBound(to: CChar.self), socklen_t(text.count))
                buffer.append(UInt8(ascii: "["))
                buffer.append(UnsafeRawBufferPointer(rebasing: text[..<strlen(text.baseAddress!.assumingMemoryBound(to: CChar.self))]))
                buffer.append(UInt8(ascii: "]"))
            }
        } else {
            // s_addr is in network order: its first octet is the integer's low byte.
            let octets = address.0
            buffer.appendOctet(UInt8(truncatingIfNeeded: octets))
            buffer.append(UInt8(ascii: "."))
            buffer.appendOctet(UInt8(truncatingIfNeeded: octets >> 8))
            buffer.append(UInt8(ascii: "."))
            buffer.appendOctet(UInt8(truncatingIfNeeded: octets >> 16))
            buffer.append(UInt8(ascii: "."))
            buffer.appendOctet(UInt8(truncatingIfNeeded: octets >> 24))
        }
        buffer.append(UInt8(ascii: ":"))
        buffer.appendDecimal(Int(port))
    }
}
