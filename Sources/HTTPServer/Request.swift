import Glibc

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
    /// The route template's `{name}` segment and its value, set by the router.
    var routeParameter: RouteParameter?

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
        guard let routeParameter, routeParameter.name == name else { return nil }
        return routeParameter.value
    }

    /// The first value of query parameter `name`, percent- and `+`-decoded; nil when absent
    /// or not validly encoded. Scans the query's bytes in place; decodes only what it returns.
    public func queryValue(_ name: String) -> String? {
        if query.isEmpty { return nil }
        return query.withUTF8Bytes { query in
            name.withUTF8Bytes { name in
                var start = 0
                while start < query.count {
                    var end = start
                    while end < query.count && query[end] != UInt8(ascii: "&") { end += 1 }
                    var equals = start
                    while equals < end && query[equals] != UInt8(ascii: "=") { equals += 1 }
                    let key = UnsafeBufferPointer(rebasing: query[start..<equals])
                    if (key.count == name.count && memcmp(key.baseAddress!, name.baseAddress!, key.count) == 0)
                        || (Self.isEncoded(key) && percentDecoded(key, plusIsSpace: true)?.elementsEqual(name) == true) {
                        let value = UnsafeBufferPointer(rebasing: query[min(equals + 1, end)..<end])
                        guard Self.isEncoded(value) else { return String(decoding: value, as: UTF8.self) }
                        return percentDecoded(value, plusIsSpace: true).map { String(decoding: $0, as: UTF8.self) }
                    }
                    start = end + 1
                }
                return nil
            }
        }
    }

    private static func isEncoded(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
    }
}

/// A route template's final `{name}` segment and the value it matched. A struct, not a tuple:
/// an optional tuple is copied through the runtime's generic value witnesses, ten times slower.
struct RouteParameter: Sendable {
    let name: String
    let value: String
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
