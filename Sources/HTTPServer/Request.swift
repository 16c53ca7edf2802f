/// One parsed request head: method, target, version and fields. The body, if any, has been
/// read and discarded by the connection (no route here takes content).
public struct Request: Sendable {
    public enum Version: Sendable, Equatable {
        case http10, http11
    }

    public let method: Method
    public let version: Version
    /// The percent-decoded path of the target (`/layouts/home`), `*` for `OPTIONS *`.
    public let path: String
    /// The raw query, without `?`; empty when the target has none.
    public let query: String
    public let fields: HTTPFields
    /// Whether the connection stays open after this request (RFC 9112 §9.3).
    public var isKeepAlive: Bool
    /// Values of the route template's `{name}` segments, set by the router.
    public internal(set) var parameters: [(name: String, value: String)] = []

    public init(method: Method, path: String, query: String = "", version: Version = .http11, fields: HTTPFields = HTTPFields([]), isKeepAlive: Bool = true) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.fields = fields
        self.isKeepAlive = isKeepAlive
    }

    /// The value of the route parameter `name` (`screen` in `/layouts/{screen}`).
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The first value of query parameter `name`, percent- and `+`-decoded; nil when absent
    /// or not validly encoded.
    public func queryValue(_ name: String) -> String? {
        if query.isEmpty { return nil }
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let key = pair.prefix { $0 != UInt8(ascii: "=") }
            guard let decodedKey = percentDecoded(key, plusIsSpace: true), decodedKey.elementsEqual(name.utf8) else { continue }
            let value = pair.dropFirst(key.count + 1)
            return percentDecoded(value, plusIsSpace: true).map { String(decoding: $0, as: UTF8.self) }
        }
        return nil
    }
}

/// Percent-decodes bytes (RFC 3986 §2.1); nil when a `%` is not followed by two hex digits.
func percentDecoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    while let byte = iterator.next() {
        switch byte {
        case UInt8(ascii: "%"):
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            output.append(high << 4 | low)
        case UInt8(ascii: "+") where plusIsSpace:
            output.append(UInt8(ascii: " "))
        default:
            output.append(byte)
        }
    }
    return output
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
