/// `If-None-Match` evaluation (RFC 9110 §13.1.2): true when the field is `*` or lists a tag
/// that matches `etag` by weak comparison (§8.8.3.2: `W/"x"` matches `"x"`).
package func ifNoneMatch(_ fields: HTTPFields, matches etag: String) -> Bool {
    let values = fields.values("If-None-Match")
    guard !values.isEmpty else { return false }
    let opaque = etag.utf8.drop { $0 == UInt8(ascii: "W") || $0 == UInt8(ascii: "/") }
    for value in values {
        var rest = Substring(value).utf8[...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == space || $0 == tab || $0 == UInt8(ascii: ",") }
            if rest.first == UInt8(ascii: "*") { return true }
            if rest.starts(with: "W/".utf8) { rest = rest.dropFirst(2) }
            guard rest.first == UInt8(ascii: "\"") else { return false }
            guard let close = rest.dropFirst().firstIndex(of: UInt8(ascii: "\"")) else { return false }
            let tag = rest[rest.startIndex...close]
            if tag.elementsEqual(opaque) { return true }
            rest = rest[rest.index(after: close)...]
        }
    }
    return false
}
