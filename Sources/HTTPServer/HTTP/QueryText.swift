import Glibc

/// A query parameter's name or value as sent (percent-encoded, `+` a space), handed out by
/// `Request.forEachQueryItem`: a handler that reads several parameters compares them in one pass
/// over the query, as bytes, with nothing decoded, copied or allocated unless it asks for the
/// text. Valid only inside the call that hands it over.
///
/// Guarantees: every comparison and number is of the decoded text; text with nothing to decode
/// (`isEncoded` false) is compared as sent, with one length check and one `memcmp`; a malformed
/// escape equals nothing and is no number (the router refuses such a query before any handler).
@usableFromInline
package struct QueryText {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the bytes have a `%` or `+` to decode.
    @usableFromInline let isEncoded: Bool

    @usableFromInline
    init(bytes: UnsafeBufferPointer<UInt8>, isEncoded: Bool) {
        self.bytes = bytes
        self.isEncoded = isEncoded
    }

    /// Whether the decoded text is `literal`. Inlined where it is called, so that a name of
    /// another length costs a comparison and a name of the same length a `memcmp` of a constant
    /// length, which the compiler expands into a load or two.
    @inlinable @inline(__always)
    package func `is`(_ literal: StaticString) -> Bool {
        if isEncoded { return equals(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)) }
        return bytes.count == literal.utf8CodeUnitCount && (bytes.isEmpty || memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0)
    }

    /// The decoded text as a whole number written in at most `maxDigits` decimal digits
    /// (`0`-`9` only: no sign, space or other form); nil otherwise.
    /// Inlined where it is called: a plain number is a few digits.
    @inlinable
    package func wholeNumber(maxDigits: Int) -> Int? {
        precondition(maxDigits <= 18, "a whole number of more than 18 digits may not fit an Int")
        guard !isEncoded else { return decodedWholeNumber(maxDigits: maxDigits) }
        guard !bytes.isEmpty, bytes.count <= maxDigits else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)  // at most 18 digits: no overflow
        }
        return value
    }

    @usableFromInline
    func decodedWholeNumber(maxDigits: Int) -> Int? {
        var decoded = DecodedBytes(bytes, isEncoded: isEncoded)
        var value = 0
        var digits = 0
        while let byte = decoded.next() {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10, digits < maxDigits else { return nil }
            value = value &* 10 &+ Int(digit)
            digits += 1
        }
        return digits > 0 && !decoded.isMalformed ? value : nil
    }

    /// The decoded text (the router refuses every query that does not decode).
    package var text: String {
        guard isEncoded else { return String(utf8: UnsafeRawBufferPointer(bytes)) }
        return PercentEncoding.decodedText(bytes, plusIsSpace: true) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the decoded text is the UTF-8 `literal`.
    @usableFromInline
    func equals(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isEncoded else {
            return bytes.count == literal.count && (literal.isEmpty || memcmp(bytes.baseAddress!, literal.baseAddress!, literal.count) == 0)
        }
        var decoded = DecodedBytes(bytes, isEncoded: true)
        for byte in literal {
            guard decoded.next() == byte else { return false }
        }
        return decoded.next() == nil && !decoded.isMalformed
    }

    /// The decoded bytes one at a time, without a buffer; stops at a malformed escape, and says so.
    private struct DecodedBytes: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        let isEncoded: Bool
        var index = 0
        private(set) var isMalformed = false

        init(_ bytes: UnsafeBufferPointer<UInt8>, isEncoded: Bool) {
            self.bytes = bytes
            self.isEncoded = isEncoded
        }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            guard isEncoded else { return byte }
            if byte == UInt8(ascii: "+") { return UInt8(ascii: " ") }
            guard byte == UInt8(ascii: "%") else { return byte }
            guard index + 1 < bytes.count, let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else {
                isMalformed = true
                index = bytes.count
                return nil
            }
            index += 2
            return high << 4 | low
        }
    }
}

extension Request {
    /// Calls `body` with each parameter of the query, in order, by name and value.
    @inlinable
    package func forEachQueryItem(_ body: (_ name: QueryText, _ value: QueryText) -> Void) {
        if query.isEmpty { return }
        query.withUTF8Bytes { query in
            QueryItems.forEach(in: query, mayBeEncoded: hasQueryEscapes) { name, value in
                body(name, value)
                return true
            }
        }
    }
}
