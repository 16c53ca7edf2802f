/// A complete response: status, header fields (already encoded as field lines) and content.
/// The server adds the framing and connection fields itself: `Date`, `Server`, `Content-Length`,
/// `Connection` and the CORS origin; handlers never set those.
package struct Response: Sendable {
    package var status: Status
    package var headers: ResponseHeaders
    /// Content made for this request around bytes kept for many, and its tag: sent as its kept
    /// bytes then `body`, its `ETag` after `headers`.
    package var tagged: TaggedContent?
    package var body: [UInt8]

    package init(status: Status = .ok, headers: ResponseHeaders = ResponseHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: Status, headers: ResponseHeaders, tagged: TaggedContent, body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: body)
        self.tagged = tagged
    }

    /// How many bytes of content the response has.
    package var contentLength: Int { (tagged?.leading.count ?? 0) + body.count }

    /// A JSON response (`application/json`) with the given bytes.
    package static func json(_ body: [UInt8], status: Status = .ok, headers: ResponseHeaders = ResponseHeaders()) -> Response {
        var all = jsonContentType
        all.append(headers)
        return Response(status: status, headers: all, body: body)
    }

    private static let jsonContentType = ResponseHeaders.contentType("application/json")
}

/// Response header fields kept as their encoded `Name: value\r\n` lines, so that a set built
/// once (a document's ETag and cache fields) costs one copy per response.
package struct ResponseHeaders: Sendable, Equatable {
    package private(set) var encoded: [UInt8] = []

    package init() {}

    package init(_ pairs: KeyValuePairs<String, String>) {
        for (name, value) in pairs { add(name, value) }
    }

    package static func contentType(_ value: String) -> ResponseHeaders {
        ResponseHeaders(["Content-Type": value])
    }

    /// Adds one field line. Names and values are the server's own: a CR or LF in either is a bug.
    package mutating func add(_ name: String, _ value: String) {
        precondition(!name.utf8.contains(where: { $0 == cr || $0 == lf || $0 == UInt8(ascii: ":") }), "header name '\(name)' is not a token")
        precondition(!value.utf8.contains(where: { $0 == cr || $0 == lf }), "header value for '\(name)' has a line break")
        encoded += name.utf8
        encoded += ": ".utf8
        encoded += value.utf8
        encoded += "\r\n".utf8
    }

    /// `before`'s lines, one field `name: value`, then `after`'s, written once into a buffer of
    /// their size: a field whose value differs per response (an `ETag`) among fields that do not.
    package init(_ before: ResponseHeaders, _ name: StaticString, _ value: String, _ after: ResponseHeaders) {
        var value = value
        value.withUTF8 { value in
            precondition(!value.contains(where: { $0 == cr || $0 == lf }), "header value for '\(name)' has a line break")
            let count = before.encoded.count + name.utf8CodeUnitCount + 2 + value.count + 2 + after.encoded.count
            encoded = [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
                var next = buffer.baseAddress!
                func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let start = bytes.baseAddress else { return }
                    next.initialize(from: start, count: bytes.count)
                    next += bytes.count
                }
                before.encoded.withUnsafeBufferPointer(copy)
                copy(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
                next[0] = UInt8(ascii: ":")
                next[1] = space
                next += 2
                copy(value)
                next[0] = cr
                next[1] = lf
                next += 2
                after.encoded.withUnsafeBufferPointer(copy)
                written = count
            }
        }
    }

    package mutating func append(_ other: ResponseHeaders) {
        encoded += other.encoded
    }

    /// The value of the first field named `name` (case-insensitive), for tests and routers.
    package subscript(_ name: String) -> String? {
        for line in encoded.split(separator: lf) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), equalsIgnoringCase(line[line.startIndex..<colon], name) else { continue }
            return String(decoding: trimmed(line[(colon + 1)...].dropLast()), as: UTF8.self)
        }
        return nil
    }
}

/// Content made for one request around bytes many responses share: `leading`, sent from where
/// it lies before the response's `body` (neither copied nor allocated per response), and a strong
/// entity tag made from a 64-bit hash (RFC 9110 §8.8.3), written as the last of the response's
/// fields, `ETag: "<its sixteen lower-case hex digits>"`, straight into its head.
package struct TaggedContent: Sendable {
    package let leading: [UInt8]
    package let hash: UInt64

    package init(leading: [UInt8] = [], hash: UInt64) {
        self.leading = leading
        self.hash = hash
    }

    /// The tag as its field carries it, in quotes: what `If-None-Match` is compared with.
    package var quoted: String {
        String(unsafeUninitializedCapacity: Self.quotedCount) { write(quotedInto: UnsafeMutableRawPointer($0.baseAddress!)); return Self.quotedCount }
    }

    static let quotedCount = 18

    /// The quoted tag's 18 bytes at `start`.
    func write(quotedInto start: UnsafeMutableRawPointer) {
        start.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        for index in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: hash >> (60 - 4 * UInt64(index))) & 0x0F
            start.storeBytes(of: nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10, toByteOffset: 1 + index, as: UInt8.self)
        }
        start.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 17, as: UInt8.self)
    }
}

/// What a handler gives back: a response now, or a promise to answer later through an
/// `Exchange` bound to the connection's event loop (long polls, event streams).
package enum Reply {
    case response(Response)
    /// `start` runs at once on the connection's loop; it keeps the exchange and answers with
    /// `respond`, or streams with `startStream`/`send`/`finish`. Reading pauses meanwhile.
    case deferred((Exchange) -> Void)
}
