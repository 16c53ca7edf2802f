import Glibc

/// How the body after a request head is delimited (RFC 9112 §6.3).
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
}

/// Limits on a request, with the defaults of SPEC §6.
public struct RequestLimits: Sendable {
    /// Longest request line, CRLF excluded (414 beyond).
    public var maxRequestLine = 8 * 1024
    /// Largest header section after the request line, final empty line included (431 beyond).
    public var maxHeaderBytes = 16 * 1024
    /// Most header fields (431 beyond).
    public var maxHeaderCount = 100
    /// Largest body, by Content-Length or chunked total (413 beyond).
    public var maxBodyBytes = 1024 * 1024

    public init() {}
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

    static func parse(_ bytes: UnsafeRawBufferPointer, limits: RequestLimits) throws(ParseError) -> Outcome {
        let count = bytes.count
        // RFC 9112 §2.2: ignore empty lines before the request line.
        var start = 0
        while start + 1 < count, bytes[start] == cr, bytes[start + 1] == lf { start += 2 }
        if start > limits.maxRequestLine { throw .bad("too many empty lines before the request line") }

        guard let lineFeed = indexOfLineFeed(bytes, from: start) else {
            if count - start > limits.maxRequestLine { throw ParseError(.uriTooLong, "the request line exceeds \(limits.maxRequestLine) bytes") }
            return .needMore
        }
        let lineEnd = try endOfLine(bytes, lineFeed: lineFeed, lineStart: start, what: "request line")
        if lineEnd - start > limits.maxRequestLine { throw ParseError(.uriTooLong, "the request line exceeds \(limits.maxRequestLine) bytes") }
        let line = RequestLine(bytes, start..<lineEnd)
        let (method, version) = try line.methodAndVersion()

        // The header section: find its end before doing any work on it.
        let headerStart = lineFeed + 1
        var position = headerStart
        var lines: [Range<Int>] = []
        while true {
            guard let feed = indexOfLineFeed(bytes, from: position) else {
                if count - headerStart > limits.maxHeaderBytes { throw ParseError(.requestHeaderFieldsTooLarge, "the header section exceeds \(limits.maxHeaderBytes) bytes") }
                return .needMore
            }
            if feed + 1 - headerStart > limits.maxHeaderBytes { throw ParseError(.requestHeaderFieldsTooLarge, "the header section exceeds \(limits.maxHeaderBytes) bytes") }
            let end = try endOfLine(bytes, lineFeed: feed, lineStart: position, what: "header field line")
            if end == position { break }
            lines.append(position..<end)
            if lines.count > limits.maxHeaderCount { throw ParseError(.requestHeaderFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields") }
            position = feed + 1
        }
        let consumed = position + 2

        let storage = Array(bytes[headerStart..<position])
        var entries: [HTTPFields.Entry] = []
        entries.reserveCapacity(lines.count)
        var framing = FramingFields()
        for range in lines {
            let entry = try fieldEntry(bytes, range, base: headerStart)
            entries.append(entry)
            framing.note(name: bytes[range.lowerBound..<range.lowerBound + Int(entry.nameEnd - entry.nameStart)],
                         value: bytes[headerStart + Int(entry.valueStart)..<headerStart + Int(entry.valueEnd)])
        }
        let fields = HTTPFields(storage: storage, entries: entries)
        let bodyFraming = try framing.resolve(version: version, limits: limits)
        let (path, query) = try line.pathAndQuery(method: method)
        let isKeepAlive = switch version {
        case .http11: !framing.hasClose
        case .http10: framing.hasKeepAlive && !framing.hasClose
        }
        let request = Request(method: method, path: path, query: query, version: version, fields: fields, isKeepAlive: isKeepAlive)
        return .complete(request, bodyFraming, consumed: consumed)
    }

    /// One `name: value` line as offsets into the header storage (which starts at `base`).
    private static func fieldEntry(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, base: Int) throws(ParseError) -> HTTPFields.Entry {
        let first = bytes[range.lowerBound]
        if first == space || first == tab { throw .bad("obsolete line folding is not accepted (RFC 9112 §5.2)") }
        guard let colon = bytes[range].firstIndex(of: UInt8(ascii: ":")) else {
            throw .bad("a header field line has no colon")
        }
        if colon == range.lowerBound { throw .bad("a header field has an empty name") }
        for index in range.lowerBound..<colon where !isTokenCharacter(bytes[index]) {
            if bytes[index] == space || bytes[index] == tab {
                throw .bad("whitespace between a header field name and its colon (RFC 9112 §5.1)")
            }
            throw .bad("a header field name has a character that is not a token character")
        }
        var valueStart = colon + 1
        var valueEnd = range.upperBound
        while valueStart < valueEnd, bytes[valueStart] == space || bytes[valueStart] == tab { valueStart += 1 }
        while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
        for index in valueStart..<valueEnd {
            let byte = bytes[index]
            if (byte < 0x20 && byte != tab) || byte == 0x7F {
                throw .bad("a header field value has a control character")
            }
        }
        return HTTPFields.Entry(nameStart: Int32(range.lowerBound - base), nameEnd: Int32(colon - base),
                                valueStart: Int32(valueStart - base), valueEnd: Int32(valueEnd - base))
    }

    /// The index just past a line's content: the line must end in CRLF, and hold no other CR.
    private static func endOfLine(_ bytes: UnsafeRawBufferPointer, lineFeed: Int, lineStart: Int, what: String) throws(ParseError) -> Int {
        guard lineFeed > lineStart, bytes[lineFeed - 1] == cr else { throw .bad("the \(what) does not end in CRLF") }
        return lineFeed - 1
    }

    private static func indexOfLineFeed(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(lf), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
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
        let firstSpace = bytes[range].firstIndex(of: space) ?? range.upperBound
        let targetStart = min(firstSpace + 1, range.upperBound)
        let secondSpace = bytes[targetStart..<range.upperBound].firstIndex(of: space) ?? range.upperBound
        method = range.lowerBound..<firstSpace
        target = targetStart..<secondSpace
        version = min(secondSpace + 1, range.upperBound)..<range.upperBound
        isWellFormed = firstSpace < range.upperBound && secondSpace < range.upperBound
    }

    func methodAndVersion() throws(ParseError) -> (Method, Request.Version) {
        guard isWellFormed, !method.isEmpty, !target.isEmpty, version.count == 8 else {
            throw .bad("the request line is not 'method SP request-target SP HTTP-version'")
        }
        let v = bytes[version]
        guard v.starts(with: "HTTP/".utf8), isDigit(v[v.startIndex + 5]), v[v.startIndex + 6] == UInt8(ascii: "."), isDigit(v[v.startIndex + 7]) else {
            throw .bad("the HTTP version is not 'HTTP/' DIGIT '.' DIGIT")
        }
        guard v[v.startIndex + 5] == UInt8(ascii: "1") else {
            throw ParseError(.httpVersionNotSupported, "only HTTP/1.x is served here")
        }
        guard bytes[method].allSatisfy(isTokenCharacter) else { throw .bad("the method is not a token") }
        guard let known = Method(bytes: UnsafeRawBufferPointer(rebasing: bytes[method])) else {
            throw ParseError(.notImplemented, "the method '\(String(decoding: bytes[method], as: UTF8.self))' is not implemented")
        }
        // RFC 9110 §2.5: a higher minor version is served as the highest we speak.
        return (known, v[v.startIndex + 7] == UInt8(ascii: "0") ? .http10 : .http11)
    }

    /// The decoded path and raw query of an origin-form, absolute-form or asterisk-form target.
    func pathAndQuery(method: Method) throws(ParseError) -> (String, String) {
        var range = target
        if bytes[range].contains(where: { $0 <= space || $0 >= 0x7F || $0 == UInt8(ascii: "#") }) {
            throw .bad("the request target has a character outside visible ASCII, or a fragment")
        }
        if bytes[range].elementsEqual("*".utf8) {
            guard method == .options else { throw .bad("the asterisk-form target is only for OPTIONS") }
            return ("*", "")
        }
        if bytes[range.lowerBound] != UInt8(ascii: "/") {
            let lowered = bytes[range].prefix(8).map(lowercased)
            let schemeLength = lowered.starts(with: "http://".utf8) ? 7 : lowered.starts(with: "https://".utf8) ? 8 : 0
            guard schemeLength > 0 else { throw .bad("the request target is not a path or an http(s) URL") }
            let afterScheme = range.lowerBound + schemeLength
            let pathStart = bytes[afterScheme..<range.upperBound].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? range.upperBound
            guard pathStart > afterScheme else { throw .bad("the absolute-form target has no authority") }
            range = pathStart..<range.upperBound
        }
        let questionMark = bytes[range].firstIndex(of: UInt8(ascii: "?")) ?? range.upperBound
        let rawPath = bytes[range.lowerBound..<questionMark]
        let path: String
        if rawPath.isEmpty {
            path = "/"
        } else if rawPath.contains(UInt8(ascii: "%")) {
            guard let decoded = percentDecoded(rawPath, plusIsSpace: false) else { throw .bad("the path has a malformed percent-encoding") }
            path = String(decoding: decoded, as: UTF8.self)
        } else {
            path = String(decoding: rawPath, as: UTF8.self)
        }
        let query = questionMark < range.upperBound ? String(decoding: bytes[(questionMark + 1)..<range.upperBound], as: UTF8.self) : ""
        return (path, query)
    }
}

/// What the fields say about framing and persistence, gathered in one pass.
private struct FramingFields {
    var hostCount = 0
    var contentLength: Int?
    var contentLengthTooLarge = false
    var contentLengthError: String?
    var transferCodings: [ArraySlice<UInt8>] = []
    var hasTransferEncoding = false
    var hasClose = false
    var hasKeepAlive = false

    mutating func note(name: Slice<UnsafeRawBufferPointer>, value: Slice<UnsafeRawBufferPointer>) {
        switch name.count {
        case 4 where equalsIgnoringCase(name, "host"):
            hostCount += 1
        case 10 where equalsIgnoringCase(name, "connection"):
            for token in Array(value).split(separator: UInt8(ascii: ",")) {
                let token = trimmed(token)
                if equalsIgnoringCase(token, "close") { hasClose = true }
                if equalsIgnoringCase(token, "keep-alive") { hasKeepAlive = true }
            }
        case 14 where equalsIgnoringCase(name, "content-length"):
            for item in Array(value).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                noteContentLength(trimmed(item))
            }
        case 17 where equalsIgnoringCase(name, "transfer-encoding"):
            hasTransferEncoding = true
            for token in Array(value).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                transferCodings.append(trimmed(token))
            }
        default:
            break
        }
    }

    private mutating func noteContentLength(_ digits: ArraySlice<UInt8>) {
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
            contentLengthError = "Content-Length is not a non-negative decimal integer"
            return
        }
        let value: Int
        if digits.count > 18 {
            value = Int.max
        } else {
            value = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        if let previous = contentLength, previous != value {
            contentLengthError = "Content-Length values differ"
        }
        contentLength = value
    }

    func resolve(version: Request.Version, limits: RequestLimits) throws(ParseError) -> BodyFraming {
        if version == .http11 && hostCount == 0 { throw .bad("an HTTP/1.1 request must have a Host field (RFC 9112 §3.2)") }
        if hostCount > 1 { throw .bad("more than one Host field (RFC 9112 §3.2)") }
        if let contentLengthError { throw .bad(contentLengthError) }
        if hasTransferEncoding {
            if contentLength != nil { throw .bad("Content-Length and Transfer-Encoding together (RFC 9112 §6.3)") }
            if version == .http10 { throw .bad("Transfer-Encoding in an HTTP/1.0 request (RFC 9112 §6.1)") }
            guard transferCodings.count == 1, equalsIgnoringCase(transferCodings[0], "chunked") else {
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
