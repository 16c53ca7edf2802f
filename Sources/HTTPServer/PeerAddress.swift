import Glibc

/// A connection's peer as the kernel gave it at accept: the raw address and port, 20 bytes inside
/// the connection and no allocation; written as text (`127.0.0.1:54321`, `[::1]:54321`) only into
/// an access-log line.
struct PeerAddress {
    /// IPv4 in the first 4 bytes, or IPv6 in all 16, in network order.
    private var address: (UInt64, UInt64) = (0, 0)
    private var port: UInt16 = 0
    private var isIPv6 = false

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

    func write(into buffer: inout OutputBuffer) {
        var address = self.address
        withUnsafeBytes(of: &address) { bytes in
            if isIPv6 {
                var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                inet_ntop(AF_INET6, bytes.baseAddress, &text, socklen_t(text.count))
                buffer.append(UInt8(ascii: "["))
                text.withUnsafeBytes { buffer.append(UnsafeRawBufferPointer(rebasing: $0[..<strlen(text)])) }
                buffer.append(UInt8(ascii: "]"))
            } else {
                for index in 0..<4 {
                    if index > 0 { buffer.append(UInt8(ascii: ".")) }
                    buffer.appendDecimal(Int(bytes[index]))
                }
            }
        }
        buffer.append(UInt8(ascii: ":"))
        buffer.appendDecimal(Int(port))
    }
}
