import Glibc

/// A request's query (RFC 3986 §3.4) read as `application/x-www-form-urlencoded` pairs:
/// `name=value` joined by `&`, percent-encoded, `+` a space (`QueryItems`). The router checks
/// each query once (`defect(in:)`), so a handler never meets a name or value that does not
/// decode to UTF-8: a malformed parameter is a 400 naming it, never a parameter silently absent.
enum Query {
    /// Why a query cannot be read: the parameter (its name as sent, when the name itself is bad).
    struct Defect: Equatable, Sendable {
        let parameter: String
        let reason: String
    }

    /// The first parameter whose name or value is not well-formed percent-encoded UTF-8.
    static func defect(in query: String) -> Defect? {
        if query.isEmpty { return nil }
        return query.withUTF8Bytes { query in
            // The parser let only visible ASCII into the target: without a `%` every pair is text.
            guard memchr(query.baseAddress!, Int32(UInt8(ascii: "%")), query.count) != nil else { return nil }
            var defect: Defect?
            QueryItems.forEach(in: query) { name, value in
                if name.isEncoded && PercentEncoding.decodedText(name.bytes, plusIsSpace: true) == nil {
                    defect = Defect(parameter: String(decoding: name.bytes, as: UTF8.self), reason: reason(name.bytes))
                } else if value.isEncoded && PercentEncoding.decodedText(value.bytes, plusIsSpace: true) == nil {
                    defect = Defect(parameter: name.text, reason: reason(value.bytes))
                }
                return defect == nil
            }
            return defect
        }
    }

    /// The decoded value of the first parameter called `name`; nil when there is none.
    static func value(of name: String, in query: String) -> String? {
        if query.isEmpty { return nil }
        return query.withUTF8Bytes { query in
            name.withUTF8Bytes { name in
                var found: String?
                QueryItems.forEach(in: query) { key, value in
                    if key.equals(name) { found = value.text }
                    return found == nil
                }
                return found
            }
        }
    }

    private static func reason(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        PercentEncoding.decoded(bytes, plusIsSpace: true) == nil
            ? "'\(String(decoding: bytes, as: UTF8.self))' has a '%' not followed by two hex digits"
            : "'\(String(decoding: bytes, as: UTF8.self))' does not decode to UTF-8"
    }
}
