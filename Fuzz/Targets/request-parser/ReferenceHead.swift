import Glibc
@testable import HTTPServer

/// What RFC 9112 §2-§6, RFC 9110 §5 and §7.2, RFC 3986 and docs/spec.md §6 accept as a request head, read
/// plainly and without the parser's shortcuts: the head is cut into lines first, then each rule
/// is checked on its own. Only the verdict and the reading of an accepted head are compared with
/// `RequestParser`, not which rule refused first.
enum ReferenceHead {
    enum Verdict: CustomStringConvertible {
        /// No complete head yet (the parser may still refuse early: a limit, a bad line).
        case incomplete
        case refused(String)
        case accepted(Accepted)

        var description: String {
            switch self {
            case .incomplete: "incomplete"
            case .refused(let why): "refused: \(why)"
            case .accepted(let head): "accepted: \(head)"
            }
        }
    }

    struct Accepted {
        var method: String
        var path: String
        var query: String
        var version: Request.Version
        var isKeepAlive: Bool
        var framing: BodyFraming
        var consumed: Int
        var fields: [(name: String, value: String)]
    }

    /// Traps when the parser's outcome over `bytes` contradicts the reference's verdict.
    static func check(_ outcome: Result<RequestParser.Outcome, ParseError>, against bytes: ArraySlice<UInt8>, limits: RequestLimits) {
        let verdict = verdict(bytes, limits: limits)
        switch (outcome, verdict) {
        case (.success(.needMore), .incomplete), (.failure, .incomplete), (.failure, .refused):
            return
        case (.success(.needMore), _):
            fatalError("the parser needs more, the reference has a complete head (\(verdict)) in \(escaped(bytes))")
        case (.failure(let error), .accepted):
            fatalError("the parser refused (\(error.status.code) \(error.detail)), the reference accepts (\(verdict)) \(escaped(bytes))")
        case (.success(.complete(let request, let framing, let consumed)), .accepted(let expected)):
            var problems: [String] = []
            if request.method.rawValue != expected.method { problems.append("method \(request.method.rawValue) != \(expected.method)") }
            if request.path != expected.path { problems.append("path \(request.path) != \(expected.path)") }
            if request.query != expected.query { problems.append("query \(request.query) != \(expected.query)") }
            let hasEscapes = expected.query.utf8.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
            if request.hasQueryEscapes != hasEscapes { problems.append("query escapes \(request.hasQueryEscapes) != \(hasEscapes)") }
            let isPlain = (expected.path + expected.query).utf8.allSatisfy(RequestTarget.isPlain)
            if request.target.isPlain != isPlain { problems.append("plain target \(request.target.isPlain) != \(isPlain)") }
            if request.version != expected.version { problems.append("version \(request.version) != \(expected.version)") }
            if request.isKeepAlive != expected.isKeepAlive { problems.append("keep-alive \(request.isKeepAlive) != \(expected.isKeepAlive)") }
            if framing != expected.framing { problems.append("framing \(framing) != \(expected.framing)") }
            if consumed != expected.consumed { problems.append("consumed \(consumed) != \(expected.consumed)") }
            if request.fields.count != expected.fields.count { problems.append("field count \(request.fields.count) != \(expected.fields.count)") }
            for (name, _) in expected.fields {
                let values = expected.fields.filter { lowercased($0.name) == lowercased(name) }.map(\.value)
                if request.fields.values(name) != values { problems.append("\(name): \(request.fields.values(name)) != \(values)") }
            }
            if !problems.isEmpty { fatalError("the parser read \(escaped(bytes)) differently: \(problems)") }
        case (.success(.complete(let request, let framing, let consumed)), _):
            fatalError("the parser accepted \(request.method) \(request.path) \(framing) consumed \(consumed), the reference says \(verdict): \(escaped(bytes))")
        }
    }

    static func verdict(_ input: ArraySlice<UInt8>, limits: RequestLimits) -> Verdict {
        let bytes = Array(input)
        // RFC 9112 §2.2: empty lines (CRLF) before the request line are ignored.
        var start = 0
        while start + 1 < bytes.count && bytes[start] == cr && bytes[start + 1] == lf { start += 2 }

        // The head is the lines up to the first empty one after the request line.
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = start
        var end: Int?
        for index in start..<bytes.count where bytes[index] == lf {
            let line = bytes[lineStart..<index]
            lines.append(line)
            lineStart = index + 1
            if lines.count >= 2 && (line.isEmpty || line.elementsEqual([cr])) {
                end = index + 1
                break
            }
        }
        guard let end else { return .incomplete }

        if start > limits.maxRequestLine { return .refused("more empty lines than the request-line limit") }
        guard lines.allSatisfy({ $0.last == cr }) else { return .refused("a line does not end in CRLF") }
        let content = lines.map { $0.dropLast() }
        guard !content.contains(where: { $0.contains(cr) }) else { return .refused("a bare CR") }

        // Request line: method SP request-target SP HTTP-version (RFC 9112 §3).
        let requestLine = content[0]
        guard requestLine.count <= limits.maxRequestLine else { return .refused("414") }
        let parts = requestLine.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { return .refused("not three parts") }
        let methodName = String(decoding: parts[0], as: UTF8.self)
        guard parts[0].allSatisfy({ tokenCharacters.contains($0) }), let method = Method(rawValue: methodName) else {
            return .refused("unknown method")
        }
        let versionText = Array(parts[2])
        guard versionText.count == 8, versionText[0..<7].elementsEqual("HTTP/1.".utf8), (0x30...0x39).contains(versionText[7]) else {
            return .refused("not HTTP/1.x")
        }
        let version: Request.Version = versionText[7] == UInt8(ascii: "0") ? .http10 : .http11

        // Header fields (RFC 9112 §5, RFC 9110 §5.5); limits of docs/spec.md §6.
        let headerBytes = end - (start + lines[0].count + 1)
        guard headerBytes <= limits.maxHeaderBytes else { return .refused("431 bytes") }
        let fieldLines = content[1..<(content.count - 1)]
        guard fieldLines.count <= limits.maxHeaderCount else { return .refused("431 count") }
        var fields: [(name: String, value: String)] = []
        for line in fieldLines {
            guard let first = line.first, first != space, first != tab else { return .refused("obsolete line folding") }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .refused("no colon") }
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }) else { return .refused("bad field name") }
            var value = line[(colon + 1)...]
            while let first = value.first, first == space || first == tab { value.removeFirst() }
            while let last = value.last, last == space || last == tab { value.removeLast() }
            guard !value.contains(where: { ($0 < 0x20 && $0 != tab) || $0 == 0x7F }) else { return .refused("control character in a value") }
            fields.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        func values(_ name: String) -> [String] { fields.filter { lowercased($0.name) == name }.map(\.value) }

        // Host: exactly one in 1.1, at most one in 1.0, each `uri-host [":" port]` (RFC 9112 §3.2).
        let hosts = values("host")
        guard hosts.count == 1 || (hosts.isEmpty && version == .http10) else { return .refused("Host count") }
        guard hosts.allSatisfy({ isValidHost(Array($0.utf8)[...]) }) else { return .refused("bad Host") }

        // Content-Length: digits, every one equal (RFC 9110 §8.6).
        var length: [UInt8]?
        for value in values("content-length") {
            for item in Array(value.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                let digits = trimmedSpaces(item)
                guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return .refused("bad Content-Length") }
                let canonical = Array(digits.drop { $0 == UInt8(ascii: "0") })
                if let length, length != canonical { return .refused("differing Content-Length") }
                length = canonical
            }
        }

        // Transfer-Encoding: only chunked, never with Content-Length, never in 1.0 (RFC 9112 §6.1, §6.3).
        let transferEncodings = values("transfer-encoding")
        let framing: BodyFraming
        if !transferEncodings.isEmpty {
            guard length == nil else { return .refused("Content-Length with Transfer-Encoding") }
            guard version == .http11 else { return .refused("Transfer-Encoding in 1.0") }
            let codings = transferEncodings.flatMap { Array($0.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) }
            guard codings.count == 1, lowercased(String(decoding: trimmedSpaces(codings[0]), as: UTF8.self)) == "chunked" else {
                return .refused("a coding other than chunked")
            }
            framing = .chunked
        } else if let length, !length.isEmpty {
            guard length.count <= 18, let count = Int(String(decoding: length, as: UTF8.self)), count <= limits.maxBodyBytes else {
                return .refused("413")
            }
            framing = .length(count)
        } else {
            framing = .none
        }

        // Connection options (RFC 9112 §9.3).
        let options = values("connection").flatMap { value in
            Array(value.utf8).split(separator: UInt8(ascii: ",")).map { lowercased(String(decoding: trimmedSpaces($0), as: UTF8.self)) }
        }
        let isKeepAlive = version == .http11 ? !options.contains("close") : options.contains("keep-alive") && !options.contains("close")

        // Request target (RFC 9112 §3.2): origin-form, absolute-form (http, https) or asterisk-form.
        let target = Array(parts[1])
        guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else { return .refused("target characters") }
        var rest = target[...]
        if target.first != UInt8(ascii: "/") {
            if target.elementsEqual("*".utf8) {
                guard method == .options else { return .refused("asterisk-form without OPTIONS") }
                return .accepted(Accepted(method: methodName, path: "*", query: "", version: version, isKeepAlive: isKeepAlive,
                                          framing: framing, consumed: end, fields: fields))
            }
            let lowered = lowercased(String(decoding: target, as: UTF8.self))
            let scheme = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
            guard scheme > 0 else { return .refused("not a path or an http(s) URL") }
            let afterScheme = target[scheme...]
            let authorityEnd = afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.count
            let authority = target[scheme..<authorityEnd]
            guard !authority.isEmpty, isValidHost(authority) else { return .refused("bad authority") }
            rest = target[authorityEnd...]
        }
        let questionMark = rest.firstIndex(of: UInt8(ascii: "?")) ?? rest.endIndex
        let rawPath = rest[..<questionMark]
        let query = questionMark < rest.endIndex ? String(decoding: rest[(questionMark + 1)...], as: UTF8.self) : ""
        guard let path = normalizedPath(rawPath) else { return .refused("bad percent-encoding in the path") }
        return .accepted(Accepted(method: methodName, path: path, query: query, version: version, isKeepAlive: isKeepAlive,
                                  framing: framing, consumed: end, fields: fields))
    }

    /// The lower-cased field names of an accepted head, in order of first appearance.
    static func fieldNames(_ head: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        let lines = Array(head).split(separator: lf).map { $0.last == cr ? $0.dropLast() : $0 }.filter { !$0.isEmpty }
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = lowercased(String(decoding: line[..<colon], as: UTF8.self))
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// RFC 3986 §3.2.2-3: `uri-host [":" port]`; empty is allowed (RFC 9112 §3.2).
    static func isValidHost(_ value: ArraySlice<UInt8>) -> Bool {
        var port: ArraySlice<UInt8> = []
        if value.first == UInt8(ascii: "[") {
            guard let close = value.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = value[(value.startIndex + 1)..<close]
            let after = value[(close + 1)...]
            if let colon = after.first {
                guard colon == UInt8(ascii: ":") else { return false }
                port = after.dropFirst()
            }
            guard isIPLiteral(literal) else { return false }
        } else {
            var host = value
            if let colon = value.firstIndex(of: UInt8(ascii: ":")) {
                host = value[..<colon]
                port = value[(colon + 1)...]
            }
            // reg-name = *( unreserved / pct-encoded / sub-delims )
            var index = host.startIndex
            while index < host.endIndex {
                if host[index] == UInt8(ascii: "%") {
                    guard index + 2 < host.endIndex, hexDigits.contains(host[index + 1]), hexDigits.contains(host[index + 2]) else { return false }
                    index += 3
                } else {
                    guard unreserved.contains(host[index]) || subDelimiters.contains(host[index]) else { return false }
                    index += 1
                }
            }
        }
        return port.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// IPv6address (by the C library) or IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
    private static func isIPLiteral(_ literal: ArraySlice<UInt8>) -> Bool {
        if literal.first == UInt8(ascii: "v") || literal.first == UInt8(ascii: "V") {
            let body = literal.dropFirst()
            guard let dot = body.firstIndex(of: UInt8(ascii: ".")) else { return false }
            let version = body[..<dot], rest = body[(dot + 1)...]
            return !version.isEmpty && version.allSatisfy { hexDigits.contains($0) } && !rest.isEmpty
                && rest.allSatisfy { unreserved.contains($0) || subDelimiters.contains($0) || $0 == UInt8(ascii: ":") }
        }
        guard !literal.contains(0) else { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, String(decoding: literal, as: UTF8.self), &address) == 1
    }

    /// Unreserved percent-encodings decoded, the others kept with upper-case hex (RFC 3986 §6.2.2).
    private static func normalizedPath(_ raw: ArraySlice<UInt8>) -> String? {
        if raw.isEmpty { return "/" }
        var output: [UInt8] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            guard raw[index] == UInt8(ascii: "%") else {
                output.append(raw[index])
                index += 1
                continue
            }
            guard index + 2 < raw.endIndex, hexDigits.contains(raw[index + 1]), hexDigits.contains(raw[index + 2]),
                  let byte = UInt8(String(decoding: raw[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) else { return nil }
            if unreserved.contains(byte) {
                output.append(byte)
            } else {
                output += "%\(String(decoding: raw[(index + 1)...(index + 2)], as: UTF8.self).uppercased())".utf8
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private static func trimmedSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first == space || first == tab { bytes.removeFirst() }
        while let last = bytes.last, last == space || last == tab { bytes.removeLast() }
        return bytes
    }

    static let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    static let unreserved = Set("-._~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    static let subDelimiters = Set("!$&'()*+,;=".utf8)
    static let hexDigits = Set("0123456789abcdefABCDEF".utf8)
}

/// The bytes as a Swift string literal's contents (printable ASCII kept, the rest escaped).
func escaped(_ bytes: some Collection<UInt8>) -> String {
    var text = "\""
    for byte in bytes {
        switch byte {
        case UInt8(ascii: "\r"): text += "\\r"
        case UInt8(ascii: "\n"): text += "\\n"
        case UInt8(ascii: "\t"): text += "\\t"
        case UInt8(ascii: "\""): text += "\\\""
        case UInt8(ascii: "\\"): text += "\\\\"
        case 0x20..<0x7F: text.append(Character(UnicodeScalar(byte)))
        default: text += "\\u{\(String(byte, radix: 16))}"
        }
    }
    return text + "\""
}
