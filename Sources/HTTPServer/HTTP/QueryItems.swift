import Glibc

/// The parameters of a query (`application/x-www-form-urlencoded`: `name=value` joined by `&`),
/// in order, as sent: each name and value a slice of the query's bytes, marked when it has a `%`
/// or `+` to decode. Each pair is found with `memchr` (its `&`, then its `=`), so a short
/// parameter costs a few dozen instructions; nothing is copied or allocated.
///
/// Guarantees: empty pairs (`&&`) are skipped; a pair without `=` has an empty value; the first
/// `=` of a pair ends its name; `body` returning false ends the pass. With `mayBeEncoded` false
/// (the caller knows the query has no `%` or `+`) nothing is marked. Valid only while the bytes
/// it reads are.
@usableFromInline
enum QueryItems {
    /// Calls `body` with each pair of `query`, in order, until it returns false.
    @inlinable @inline(__always)
    static func forEach(in query: UnsafeBufferPointer<UInt8>, mayBeEncoded: Bool = true,
                        _ body: (_ name: QueryText, _ value: QueryText) -> Bool) {
        guard let base = query.baseAddress else { return }
        let end = base + query.count
        var start = base
        while start < end {
            let pairEnd = Self.first(UInt8(ascii: "&"), from: start, to: end)
            if pairEnd > start {
                let equals = Self.first(UInt8(ascii: "="), from: start, to: pairEnd)
                let valueStart = equals < pairEnd ? equals + 1 : pairEnd
                let name = UnsafeBufferPointer(start: start, count: equals - start)
                let value = UnsafeBufferPointer(start: valueStart, count: pairEnd - valueStart)
                guard body(QueryText(bytes: name, isEncoded: mayBeEncoded && Self.needsDecoding(name)),
                           QueryText(bytes: value, isEncoded: mayBeEncoded && Self.needsDecoding(value))) else { return }
            }
            start = pairEnd + 1
        }
    }

    /// Every pair of `query`, in order (for tests and the fuzzer; a handler takes them one at a time).
    static func all(in query: UnsafeBufferPointer<UInt8>) -> [(name: QueryText, value: QueryText)] {
        var pairs: [(name: QueryText, value: QueryText)] = []
        forEach(in: query) { name, value in
            pairs.append((name, value))
            return true
        }
        return pairs
    }

    /// The first `byte` in `start..<end`, or `end`.
    @inlinable @inline(__always)
    static func first(_ byte: UInt8, from start: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        guard let found = memchr(start, Int32(byte), end - start) else { return end }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `text` has a `%` or `+`.
    @usableFromInline
    static func needsDecoding(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
    }
}
