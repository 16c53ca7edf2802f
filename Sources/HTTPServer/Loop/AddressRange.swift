import Glibc

/// A block of IP addresses in CIDR notation (RFC 4632 §3.1; RFC 4291 §2.3 for IPv6): `127.0.0.0/8`,
/// `10.1.2.3` (one address), `::1/128`, `fd00::/8`; what a route that only some peers may use admits.
///
/// Guarantees: made only from text that `inet_pton` reads and a prefix length within the family's
/// bits; an IPv4-mapped IPv6 peer (`::ffff:127.0.0.1`, a dual-stack listener's) is matched as its
/// IPv4 address.
package struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    private let isIPv6: Bool
    /// The address bytes in network order (4 for IPv4, 16 for IPv6).
    private let bytes: [UInt8]
    private let prefixLength: Int
    package let description: String

    /// The loopback blocks: `127.0.0.0/8` and `::1/128`.
    package static let loopback = [AddressRange("127.0.0.0/8")!, AddressRange("::1/128")!]

    /// Nil when `text` is not an address, optionally followed by `/` and a prefix length.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let address = String(parts[0])
        let isIPv6 = address.contains(":")
        self.isIPv6 = isIPv6
        var storage = (UInt64(0), UInt64(0))
        let parsed = withUnsafeMutableBytes(of: &storage) { inet_pton(isIPv6 ? AF_INET6 : AF_INET, address, $0.baseAddress!) }
        guard parsed == 1 else { return nil }
        let bits = isIPv6 ? 128 : 32
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        bytes = withUnsafeBytes(of: storage) { Array($0.prefix(bits / 8)) }
        description = "\(address)/\(prefixLength)"
    }

    /// Whether `peer`'s address is within this block.
    package func contains(_ peer: PeerAddress) -> Bool {
        let all = withUnsafeBytes(of: peer.address) { Array($0) }
        let isMapped = peer.isIPv6 && all[0..<10].allSatisfy { $0 == 0 } && all[10] == 0xFF && all[11] == 0xFF
        let peerBytes = isMapped ? Array(all[12..<16]) : peer.isIPv6 ? all : Array(all[0..<4])
        guard peerBytes.count == bytes.count else { return false }
        for bit in 0..<prefixLength {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if peerBytes[bit / 8] & mask != bytes[bit / 8] & mask { return false }
        }
        return true
    }
}
