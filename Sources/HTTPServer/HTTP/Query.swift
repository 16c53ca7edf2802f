import Glibc

/// A request's query (RFC 3986 §3.4) read as `application/x-www-form-urlencoded` pairs:
/// `name=value` joined by `&`, percent-encoded, `+` a space. The router checks each query once
/// (`defect(in:)`), so a handler never meets a name or value that does not decode to UTF-8: a
/// malformed parameter is a 400 naming it, never a parameter silently absent.
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
            guard query.contains(UInt8(ascii: "%")) else { return nil }
            var defect: Defect?
            forEachPair(in: query) { name, value in
                guard let decodedName = text(name) else {
                    defect = Defect(parameter: String(decoding: name, as: UTF8.self), reason: reason(name))
                    return false
                }
                if value.contains(UInt8(ascii: "%")) && text(value) == nil { defect = Defect(parameter: decodedName, reason: reason(value)) }
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
                forEachPair(in: query) { key, value in
                    // A name with '%' or '+' is compared decoded; only one without is compared as sent.
                    let matches = PercentEncoding.needsDecoding(key, plusIsSpace: true)
                        ? text(key).map { $0.utf8.elementsEqual(name) } == true
                        : key.count == name.count && (key.isEmpty || memcmp(key.baseAddress!, name.baseAddress!, key.count) == 0)
                    if matches { found = text(value) ?? String(decoding: value, as: UTF8.self) }
                    return !matches
                }
                return found
            }
        }
    }

    /// Calls `body` with each non-empty pair's name and value, as sent.
    static func forEachItem(in query: String, _ body: (QueryText, QueryText) -> Void) {
        if query.isEmpty { return }
        query.withUTF8Bytes { query in
            forEachPair(in: query) { name, value in
                body(QueryText(bytes: name), QueryText(bytes: value))
                return true
            }
        }
    }

    /// Calls `body` with each non-empty pair's name and value (empty when there is no `=`) until it returns false.
    private static func forEachPair(in query: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        guard let base = query.baseAddress else { return }
        // memchr: a token's 90 bytes are skipped in a few vector steps, not byte by byte.
        func first(_ byte: UInt8, from start: Int, to end: Int) -> Int {
            guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return end }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
        var start = 0
        while start < query.count {
            let end = first(UInt8(ascii: "&"), from: start, to: query.count)
            let equals = first(UInt8(ascii: "="), from: start, to: end)
            if end > start {
                let name = UnsafeBufferPointer(rebasing: query[start..<equals])
                let value = UnsafeBufferPointer(rebasing: query[min(equals + 1, end)..<end])
                if !body(name, value) { return }
            }
            start = end + 1
        }
    }

    /// The decoded text, without copying what needs no decoding; nil when malformed or not UTF-8.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard PercentEncoding.needsDecoding(bytes, plusIsSpace: true) else { return String(utf8: UnsafeRawBufferPointer(bytes)) }
        return PercentEncoding.decodedText(bytes, plusIsSpace: true)
    }

    private static func reason(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        PercentEncoding.decoded(bytes, plusIsSpace: true) == nil
            ? "'\(String(decoding: bytes, as: UTF8.self))' has a '%' not followed by two hex digits"
            : "'\(String(decoding: bytes, as: UTF8.self))' does not decode to UTF-8"
    }
}
