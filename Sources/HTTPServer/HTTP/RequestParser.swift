import Glibc

/// How the body after a request head is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
}

/// Limits on a request, with the defaults of docs/spec.md §6.
package struct RequestLimits: Sendable {
    /// Longest request line, CRLF excluded (414 beyond).
    package var maxRequestLine = 8 * 1024
    /// Largest header section after the request line, final empty line included (431 beyond).
    package var maxHeaderBytes = 16 * 1024
    /// Most header fields (431 beyond).
    package var maxHeaderCount = 100
    /// Largest body, by Content-Length or chunked total (413 beyond).
    package var maxBodyBytes = 1024 * 1024
    /// Largest body handed to a route (`Request.body`); a longer one is still read and discarded,
    /// and the route sees only its size, so that it can answer its own 413.
    package var maxKeptBodyBytes = 64 * 1024

    package init() {}
}

/// A pure, incremental parser of request heads in the manner of picohttpparser: given the
/// bytes received so far it answers "need more", or the head and how many bytes it took, or
/// the error that ends the connection. It never reads past the head, so pipelined requests
/// stay in the buffer; feeding it one more byte at a time gives the same result.
///
/// Strict where leniency enables request smuggling (RFC 9112 §11.2): lines end in CRLF,
/// no obsolete line folding, no whitespace before a field's colon, exactly one Host in 1.1,
/// Content-Length agreeing with itself and never beside Transfer-Encoding, chunked the only coding.
enum RequestParser {
    enum Outcome {
        case needMore
        case complete(Request, BodyFraming, consumed: Int)
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, limits: RequestLimits, scratch: Scratch) throws(ParseError) -> Outcome {
        let count = bytes.count
        // RFC 9112 §2.2: ignore empty lines before the request line.
        var start = 0
        while start + 1 < count, bytes[start] == cr, bytes[start + 1] == lf { start += 2 }
        if start > limits.maxRequestLine { throw .bad("too many empty lines before the request line") }

        // The limit is on the line without its CR, checked before the CRLF: the verdict is the
        // same whether the line arrives whole or in pieces.
        let lineFeed = Bytes.firstIndex(of: lf, in: bytes, from: start, to: count)
        let contentEnd = lineFeed ?? count
        let lineLength = contentEnd - start - (contentEnd > start && bytes[contentEnd - 1] == cr ? 1 : 0)
        if lineLength > limits.maxRequestLine { throw ParseError(.uriTooLong, "the request line exceeds \(limits.maxRequestLine) bytes") }
        guard let lineFeed else { return .needMore }
        let lineEnd = try endOfLine(bytes, lineFeed: lineFeed, lineStart: start, what: "request line")
        let line = RequestLine(bytes, start..<lineEnd)
        let (method, version) = try line.methodAndVersion()

        // The header fields, validated as they are found; the head is complete at the empty line.
        let headerStart = lineFeed + 1
        var position = headerStart
        var fieldCount = 0
        var framing = FramingFields()
        while true {
            guard let feed = Bytes.firstIndex(of: lf, in: bytes, from: position, to: count) else {
                if count - headerStart > limits.maxHeaderBytes { throw ParseError(.requestHeaderFieldsTooLarge, "the header section exceeds \(limits.maxHeaderBytes) bytes") }
                return .needMore
            }
            if feed + 1 - headerStart > limits.maxHeaderBytes { throw ParseError(.requestHeaderFieldsTooLarge, "the header section exceeds \(limits.maxHeaderBytes) bytes") }
            let end = try endOfLine(bytes, lineFeed: feed, lineStart: position, what: "header field line")
            if end == position { break }
            if fieldCount == limits.maxHeaderCount { throw ParseError(.requestHeaderFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields") }
            let entry = try fieldEntry(bytes, position..<end, base: headerStart)
            scratch.setEntry(fieldCount, entry)
            fieldCount += 1
            framing.note(bytes, entry, base: headerStart)
            position = feed + 1
        }
        let consumed = position + 2

        let fields = scratch.fields(count: fieldCount, bytes: UnsafeRawBufferPointer(rebasing: bytes[headerStart..<position]))
        let bodyFraming = try framing.resolve(version: version, limits: limits)
        let target = try line.readTarget(method: method, scratch: scratch)
        let isKeepAlive = switch version {
        case .http11: !framing.hasClose
        case .http10: framing.hasKeepAlive && !framing.hasClose
        }
        let request = Request(method: method, target: target, version: version, fields: fields, isKeepAlive: isKeepAlive)
        return .complete(request, bodyFraming, consumed: consumed)
    }

    /// One `name: value` line as offsets into the header storage (which starts at `base`).
    private static func fieldEntry(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, base: Int) throws(ParseError) -> HTTPFields.Entry {
        let first = bytes[range.lowerBound]
        if first == space || first == tab { throw .bad("obsolete line folding is not accepted (RFC 9112 §5.2)") }
        guard let colon = Bytes.firstIndex(of: UInt8(ascii: ":"), in: bytes, from: range.lowerBound, to: range.upperBound) else {
            throw .bad("a header field line has no colon")
        }
        if colon == range.lowerBound { throw .bad("a header field has an empty name") }
        var index = range.lowerBound
        while index < colon {
            let byte = bytes[index]
            if !isTokenCharacter(byte) {
                if byte == space || byte == tab { throw .bad("whitespace between a header field name and its colon (RFC 9112 §5.1)") }
                throw .bad("a header field name has a character that is not a token character")
            }
            index += 1
        }
        var valueStart = colon + 1
        var valueEnd = range.upperBound
        while valueStart < valueEnd, bytes[valueStart] == space || bytes[valueStart] == tab { valueStart += 1 }
        while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
        index = valueStart
        while index < valueEnd {
            let byte = bytes[index]
            if (byte < 0x20 && byte != tab) || byte == 0x7F { throw .bad("a header field value has a control character") }
            index += 1
        }
        return HTTPFields.Entry(nameStart: Int32(range.lowerBound - base), nameEnd: Int32(colon - base),
                                valueStart: Int32(valueStart - base), valueEnd: Int32(valueEnd - base))
    }

    /// The index just past a line's content: the line must end in CRLF.
    @inline(__always)
    private static func endOfLine(_ bytes: UnsafeRawBufferPointer, lineFeed: Int, lineStart: Int, what: StaticString) throws(ParseError) -> Int {
        guard lineFeed > lineStart, bytes[lineFeed - 1] == cr else { throw .bad("the \(what) does not end in CRLF") }
        return lineFeed - 1
    }
}

/// The request line's three parts (RFC 9112 §3), as ranges.
private struct RequestLine {
    let bytes: UnsafeRawBufferPointer
    let method: Range<Int>
    let target: Range<Int>
    let version: Range<Int>
    let isWellFormed: Bool

    init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
        self.bytes = bytes
        let firstSpace = Bytes.firstIndex(of: space, in: bytes, from: range.lowerBound, to: range.upperBound) ?? range.upperBound
        let targetStart = min(firstSpace + 1, range.upperBound)
        let secondSpace = Bytes.firstIndex(of: space, in: bytes, from: targetStart, to: range.upperBound) ?? range.upperBound
        method = range.lowerBound..<firstSpace
        target = targetStart..<secondSpace
        version = min(secondSpace + 1, range.upperBound)..<range.upperBound
        isWellFormed = firstSpace < range.upperBound && secondSpace < range.upperBound
    }

    func methodAndVersion() throws(ParseError) -> (Method, Request.Version) {
        guard isWellFormed, !method.isEmpty, !target.isEmpty, version.count == 8 else {
            throw .bad("the request line is not 'method SP request-target SP HTTP-version'")
        }
        let v = version.lowerBound
        guard bytes[v] == UInt8(ascii: "H"), bytes[v + 1] == UInt8(ascii: "T"), bytes[v + 2] == UInt8(ascii: "T"),
              bytes[v + 3] == UInt8(ascii: "P"), bytes[v + 4] == UInt8(ascii: "/"),
              isDigit(bytes[v + 5]), bytes[v + 6] == UInt8(ascii: "."), isDigit(bytes[v + 7]) else {
            throw .bad("the HTTP version is not 'HTTP/' DIGIT '.' DIGIT")
        }
        guard bytes[v + 5] == UInt8(ascii: "1") else {
            throw ParseError(.httpVersionNotSupported, "only HTTP/1.x is served here")
        }
        guard let known = Method(bytes: UnsafeRawBufferPointer(rebasing: bytes[method])) else {
            guard bytes[method].allSatisfy(isTokenCharacter) else { throw .bad("the method is not a token") }
            throw ParseError(.notImplemented, "the method '\(String(decoding: bytes[method], as: UTF8.self))' is not implemented")
        }
        // RFC 9110 §2.5: a higher minor version is served as the highest we speak.
        return (known, bytes[v + 7] == UInt8(ascii: "0") ? .http10 : .http11)
    }

    /// The target: the one the scratch read last when the bytes are the same, else read (`parsed`)
    /// and kept.
    func readTarget(method: Method, scratch: RequestParser.Scratch) throws(ParseError) -> RequestTarget {
        let raw = UnsafeRawBufferPointer(rebasing: bytes[target])
        if let seen = scratch.target(sameAs: raw) { return seen }
        let read = try parsedTarget(method: method)
        if raw.count > 1 || raw[0] != UInt8(ascii: "*") { scratch.keep(read, readFrom: raw) }
        return read
    }

    /// The normalised path (`PercentEncoding.normalizedPath`) and raw query of an origin-form,
    /// absolute-form or asterisk-form target, whether an access-log line takes them as they
    /// are (`RequestTarget.isPlain`: normalising decodes unreserved characters only, all plain), and
    /// whether the query has a `%` or `+`.
    private func parsedTarget(method: Method) throws(ParseError) -> RequestTarget {
        // Eight bytes at a time: this loop meets every byte of every target. A word with no byte
        // below `&` (where the controls, space, `"`, `#` and `%` are), above `~` or a `\` is plain.
        // Read past the target where the buffer goes on (" HTTP/1.1" follows it), masked.
        var index = target.lowerBound
        var hasPercent = false
        var isPlain = true
        while index < target.upperBound {
            let word = ByteWord.load(bytes, at: index)
            let end = min(index + 8, target.upperBound)
            let special = ByteWord.less(word, than: UInt8(ascii: "&")) | ByteWord.greater(word, than: UInt8(ascii: "~"))
                | ByteWord.equal(word, UInt8(ascii: "\\"))
            if special & ByteWord.within(end - index) != 0 {
                for byte in bytes[index..<end] {
                    if byte <= space || byte >= 0x7F || byte == UInt8(ascii: "#") {
                        throw .bad("the request target has a character outside visible ASCII, or a fragment")
                    }
                    if byte == UInt8(ascii: "%") { hasPercent = true }
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { isPlain = false }
                }
            }
            index = end
        }
        var start = target.lowerBound
        if bytes[start] != UInt8(ascii: "/") {
            if target.count == 1 && bytes[start] == UInt8(ascii: "*") {
                guard method == .options else { throw .bad("the asterisk-form target is only for OPTIONS") }
                return .asterisk
            }
            let lowered = bytes[target].prefix(8).map(lowercased)
            let schemeLength = lowered.starts(with: "http://".utf8) ? 7 : lowered.starts(with: "https://".utf8) ? 8 : 0
            guard schemeLength > 0 else { throw .bad("the request target is not a path or an http(s) URL") }
            let afterScheme = start + schemeLength
            let pathStart = bytes[afterScheme..<target.upperBound].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.upperBound
            guard pathStart > afterScheme else { throw .bad("the absolute-form target has no authority") }
            // The target's authority is the request's host (RFC 9112 §3.2.2): it must be one, without userinfo.
            guard HostSyntax.isValid(UnsafeRawBufferPointer(rebasing: bytes[afterScheme..<pathStart])) else {
                throw .bad("the absolute-form target's authority is not 'host[:port]' (RFC 9112 §3.2.2)")
            }
            start = pathStart
        }
        let questionMark = Bytes.firstIndex(of: UInt8(ascii: "?"), in: bytes, from: start, to: target.upperBound) ?? target.upperBound
        let rawPath = UnsafeRawBufferPointer(rebasing: bytes[start..<questionMark])
        let path: String
        if rawPath.isEmpty {
            path = "/"
        } else if hasPercent, rawPath.contains(UInt8(ascii: "%")) {
            guard let normalized = PercentEncoding.normalizedPath(rawPath.assumingMemoryBound(to: UInt8.self)) else {
                throw .bad("the path has a '%' not followed by two hex digits")
            }
            path = String(decoding: normalized, as: UTF8.self)
        } else {
            path = String(utf8: rawPath)
        }
        guard questionMark < target.upperBound else { return RequestTarget(path: path, query: "", isPlain: isPlain, hasQueryEscapes: false) }
        let hasQueryEscapes = Bytes.firstIndex(of: UInt8(ascii: "+"), in: bytes, from: questionMark + 1, to: target.upperBound) != nil
            || hasPercent && Bytes.firstIndex(of: UInt8(ascii: "%"), in: bytes, from: questionMark + 1, to: target.upperBound) != nil
        let query = String(utf8: UnsafeRawBufferPointer(rebasing: bytes[(questionMark + 1)..<target.upperBound]))
        return RequestTarget(path: path, query: query, isPlain: isPlain, hasQueryEscapes: hasQueryEscapes)
    }
}

/// What the fields say about framing and persistence, gathered in one pass over the head's
/// bytes, without copying them.
private struct FramingFields {
    var hostCount = 0
    var hasInvalidHost = false
    var contentLength: Int?
    var contentLengthError: StaticString?
    var hasTransferEncoding = false
    /// The transfer codings listed, empty ones included, and whether the first is `chunked`.
    var transferCodingCount = 0
    var isFirstCodingChunked = false
    var hasClose = false
    var hasKeepAlive = false

    mutating func note(_ bytes: UnsafeRawBufferPointer, _ entry: HTTPFields.Entry, base: Int) {
        let nameStart = base + Int(entry.nameStart), nameEnd = base + Int(entry.nameEnd)
        let value = (base + Int(entry.valueStart))..<(base + Int(entry.valueEnd))
        switch nameEnd - nameStart {
        case 4 where Bytes.equalsIgnoringCase(bytes, nameStart, nameEnd, "host"):
            hostCount += 1
            if !HostSyntax.isValid(UnsafeRawBufferPointer(rebasing: bytes[value])) { hasInvalidHost = true }
        case 10 where Bytes.equalsIgnoringCase(bytes, nameStart, nameEnd, "connection"):
            Self.forEachItem(of: bytes, value) { item in
                if Bytes.equalsIgnoringCase(bytes, item.lowerBound, item.upperBound, "close") { hasClose = true }
                if Bytes.equalsIgnoringCase(bytes, item.lowerBound, item.upperBound, "keep-alive") { hasKeepAlive = true }
            }
        case 14 where Bytes.equalsIgnoringCase(bytes, nameStart, nameEnd, "content-length"):
            Self.forEachItem(of: bytes, value) { noteContentLength(UnsafeRawBufferPointer(rebasing: bytes[$0])) }
        case 17 where Bytes.equalsIgnoringCase(bytes, nameStart, nameEnd, "transfer-encoding"):
            hasTransferEncoding = true
            Self.forEachItem(of: bytes, value) { item in
                if transferCodingCount == 0 { isFirstCodingChunked = Bytes.equalsIgnoringCase(bytes, item.lowerBound, item.upperBound, "chunked") }
                transferCodingCount += 1
            }
        default:
            break
        }
    }

    /// Calls `body` with each comma-separated item of `bytes[range]` (a list, RFC 9110 §5.6.1),
    /// empty items included, without its surrounding spaces and tabs.
    private static func forEachItem(of bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        while true {
            let end = Bytes.firstIndex(of: UInt8(ascii: ","), in: bytes, from: start, to: range.upperBound) ?? range.upperBound
            var itemStart = start, itemEnd = end
            while itemStart < itemEnd, bytes[itemStart] == space || bytes[itemStart] == tab { itemStart += 1 }
            while itemEnd > itemStart, bytes[itemEnd - 1] == space || bytes[itemEnd - 1] == tab { itemEnd -= 1 }
            body(itemStart..<itemEnd)
            if end == range.upperBound { return }
            start = end + 1
        }
    }

    private mutating func noteContentLength(_ digits: UnsafeRawBufferPointer) {
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
            contentLengthError = "Content-Length is not a non-negative decimal integer"
            return
        }
        // Leading zeros do not count towards the 18 digits an Int holds (RFC 9110 §8.6: 007 is 7).
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        let value = significant.count > 18 ? Int.max : significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        if let previous = contentLength, previous != value {
            contentLengthError = "Content-Length values differ"
        }
        contentLength = value
    }

    func resolve(version: Request.Version, limits: RequestLimits) throws(ParseError) -> BodyFraming {
        if version == .http11 && hostCount == 0 { throw .bad("an HTTP/1.1 request must have a Host field (RFC 9112 §3.2)") }
        if hostCount > 1 { throw .bad("more than one Host field (RFC 9112 §3.2)") }
        if hasInvalidHost { throw .bad("the Host field is not 'host[:port]' (RFC 9112 §3.2, RFC 3986 §3.2.2)") }
        if let contentLengthError { throw .bad(contentLengthError.description) }
        if hasTransferEncoding {
            if contentLength != nil { throw .bad("Content-Length and Transfer-Encoding together (RFC 9112 §6.3)") }
            if version == .http10 { throw .bad("Transfer-Encoding in an HTTP/1.0 request (RFC 9112 §6.1)") }
            guard transferCodingCount == 1, isFirstCodingChunked else {
                throw .bad("the only transfer coding accepted is 'chunked'")
            }
            return .chunked
        }
        guard let contentLength, contentLength > 0 else { return .none }
        if contentLength > limits.maxBodyBytes { throw ParseError(.contentTooLarge, "the body exceeds \(limits.maxBodyBytes) bytes") }
        return .length(contentLength)
    }
}

let cr = UInt8(ascii: "\r")
let lf = UInt8(ascii: "\n")
let space = UInt8(ascii: " ")
let tab = UInt8(ascii: "\t")

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

/// tchar of RFC 9110 §5.6.2.
@inline(__always)
func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
         UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
         UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
        true
    default:
        false
    }
}
