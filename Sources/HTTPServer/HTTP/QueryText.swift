import Glibc

/// A query parameter's name or value as sent (percent-encoded, `+` a space), handed to
/// `Request.forEachQueryItem`: a handler that reads several parameters compares them in one pass
/// over the query, with nothing decoded or copied unless it asks for the text. Valid only inside
/// the call that hands it over.
public struct QueryText {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether the decoded text is `literal`: compared as sent when nothing needs decoding.
    public func `is`(_ literal: StaticString) -> Bool {
        if PercentEncoding.needsDecoding(bytes, plusIsSpace: true) { return text.utf8.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)) }
        return bytes.count == literal.utf8CodeUnitCount && (bytes.isEmpty || memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0)
    }

    /// The decoded text (the router refuses every query that does not decode).
    public var text: String {
        Query.text(bytes) ?? String(decoding: bytes, as: UTF8.self)
    }
}

extension Request {
    /// Calls `body` with each parameter of the query, in order, by name and value.
    public func forEachQueryItem(_ body: (_ name: QueryText, _ value: QueryText) -> Void) {
        Query.forEachItem(in: query, body)
    }
}
