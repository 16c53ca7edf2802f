import Glibc

/// One parsed request: method, target, version, fields, and the body the connection read
/// (`body`: its bytes kept up to `RequestLimits.maxKeptBodyBytes`, its size always).
@usableFromInline
package struct Request: Sendable {
    @usableFromInline
    package enum Version: Sendable, Equatable {
        case http10, http11
    }

    // Declared in this order so that the one-byte fields and the slot fill the target's last word:
    // 123 bytes in all. A request is copied a few times on its way (parsed, dispatched, routed),
    // and one over 128 bytes is copied by a call to memcpy each time (some 30 instructions).
    /// The target as read: its path, query and what the parser learnt of them.
    @usableFromInline let target: RequestTarget
    package let method: Method
    package let version: Version
    /// `routeSlot`, in two bytes.
    private var slot = UInt16(RouteSlot.unmatched)
    /// Whether the connection stays open after this request (RFC 9112 §9.3).
    package var isKeepAlive: Bool
    /// Kept by an `Exchange` only while its start closure runs (see `Exchange.request`).
    package internal(set) var fields: HTTPFields
    /// The route template's `{name}` segment and its value, set by the router.
    var routeParameter: RouteParameter?
    /// The content, decoded from its framing; empty when the request had none.
    package var body = RequestBody(bytes: nil, count: 0)
    /// Who sent it: the connection's peer, set before routing.
    package internal(set) var peer = PeerAddress()

    /// Which route answered it (`RouteSlot`), by which the metrics count it; set by the router.
    var routeSlot: Int {
        get { Int(slot) }
        set { slot = UInt16(newValue) }
    }

    package init(method: Method, path: String, query: String = "", version: Version = .http11, fields: HTTPFields = HTTPFields([]), isKeepAlive: Bool = true) {
        let target = RequestTarget(path: path, query: query,
                                   isPlain: path.utf8.allSatisfy(RequestTarget.isPlain) && query.utf8.allSatisfy(RequestTarget.isPlain),
                                   hasQueryEscapes: query.utf8.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") })
        self.init(method: method, target: target, version: version, fields: fields, isKeepAlive: isKeepAlive)
    }

    init(method: Method, target: RequestTarget, version: Version, fields: HTTPFields, isKeepAlive: Bool) {
        self.method = method
        self.target = target
        self.version = version
        self.fields = fields
        self.isKeepAlive = isKeepAlive
    }

    /// The target's path, `*` for `OPTIONS *`: percent-encoded unreserved characters decoded, every
    /// other percent-encoding kept (`/layouts/a%2Fb`), so that routing sees the client's segments.
    package var path: String { target.path }

    /// The raw query, without `?`; empty when the target has none.
    @usableFromInline package var query: String { target.query }

    /// Whether the query has a `%` or `+`: only such a query has text to decode, and only such a
    /// query can fail to decode (`Query.defect(in:)`).
    @inlinable var hasQueryEscapes: Bool { target.hasQueryEscapes }

    /// The value of the route parameter `name` (`screen` in `/layouts/{screen}`), decoded.
    package func parameter(_ name: String) -> String? {
        guard let routeParameter else { return nil }
        if routeParameter.name == name { return routeParameter.value }
        // A template ending in several parameters: names and values joined by `/`, which no decoded
        // value holds. Scanned as bytes: a character-wise split cost some 10,000 instructions.
        var names = routeParameter.name, wanted = name, values = routeParameter.value
        guard let index = names.withUTF8({ names in wanted.withUTF8 { Self.segmentIndex(of: $0, in: names) } }) else { return nil }
        return values.withUTF8 { values in Self.segment(index, of: values).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The position of the `/`-separated segment of `text` equal to `wanted`.
    private static func segmentIndex(of wanted: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var start = 0
        var position = 0
        while position <= text.count {
            if position == text.count || text[position] == UInt8(ascii: "/") {
                if position - start == wanted.count && (wanted.isEmpty || memcmp(text.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0) {
                    return index
                }
                index += 1
                start = position + 1
            }
            position += 1
        }
        return nil
    }

    /// The `/`-separated segment of `text` at `index`.
    private static func segment(_ index: Int, of text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var current = 0
        var start = 0
        var position = 0
        while position <= text.count {
            if position == text.count || text[position] == UInt8(ascii: "/") {
                if current == index { return UnsafeBufferPointer(start: text.baseAddress.map { $0 + start }, count: position - start) }
                current += 1
                start = position + 1
            }
            position += 1
        }
        return nil
    }

    /// The decoded value of the first query parameter called `name`; nil when absent. The
    /// router has answered 400 to a query with a malformed name or value (`Query.defect(in:)`).
    package func queryValue(_ name: String) -> String? {
        Query.value(of: name, in: query)
    }
}

/// A route template's final `{name}` segments and the values they matched (several: joined by `/`). A struct, not a tuple:
/// an optional tuple is copied through the runtime's generic value witnesses, ten times slower.
struct RouteParameter: Sendable {
    let name: String
    let value: String
}
