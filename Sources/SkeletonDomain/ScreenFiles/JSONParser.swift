/// A strict JSON parser (RFC 8259) for untrusted files, with no Foundation.
///
/// Guarantees: it accepts exactly the RFC 8259 grammar (no comments, trailing commas, NaN or
/// Infinity, leading zeros or `+`) in UTF-8 (§8.1: a leading byte order mark is skipped; an
/// ill-formed sequence, Unicode §3.9 Table 3-7, is an error wherever it is), and further refuses
/// two members of one object with the same key (§4; keys compare as Swift strings once escapes
/// are decoded, so canonically equivalent spellings are the same key), numbers beyond a Double's
/// range (§6; underflow gives 0), `\u` escapes of lone surrogates (§8.2), nesting deeper than
/// `limits.maxDepth`, and input longer than `limits.maxBytes` (at line 1, column 1, before
/// parsing). It reports the first error in the text. It runs in time linear in the input and
/// without recursion: open arrays and objects are an explicit stack, so no input can overflow
/// the call stack.
package enum JSONParser {
    package static func parse(_ bytes: [UInt8], limits: JSONLimits = .init()) throws(JSONSyntaxError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONSyntaxError(line: 1, column: 1, reason: "larger than \(limits.maxBytes) bytes")
        }
        var reader = Reader(bytes: bytes, maxDepth: limits.maxDepth)
        return try reader.document()
    }
}

/// An array or object being read: its elements or members so far.
private struct OpenContainer {
    let isObject: Bool
    var elements: [JSONValue] = []
    var members: [JSONMember] = []
    var keys: Set<String> = []
    /// The key of the member whose value comes next.
    var key = ""
}

private struct Reader {
    let bytes: [UInt8]
    let maxDepth: Int
    /// Where the document starts: after the byte order mark, if any.
    let start: Int
    var offset: Int

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        offset = start
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        var open: [OpenContainer] = []
        var expected = "expected a value"
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw unexpected(expected) }
            var value: JSONValue
            switch bytes[offset] {
            case UInt8(ascii: "["):
                guard open.count < maxDepth else { throw error("nesting deeper than \(maxDepth)") }
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    value = .array([])
                } else {
                    open.append(OpenContainer(isObject: false))
                    expected = "expected a value or ']'"
                    continue
                }
            case UInt8(ascii: "{"):
                guard open.count < maxDepth else { throw error("nesting deeper than \(maxDepth)") }
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    value = .object([])
                } else {
                    var object = OpenContainer(isObject: true)
                    try readKey(into: &object, expected: "expected a member name or '}'")
                    open.append(object)
                    expected = "expected a value after ':'"
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try string())
            case UInt8(ascii: "t"):
                value = try literal("true", .bool(true))
            case UInt8(ascii: "f"):
                value = try literal("false", .bool(false))
            case UInt8(ascii: "n"):
                value = try literal("null", .null)
            case let byte where byte == UInt8(ascii: "-") || isDigit(byte):
                value = .number(try number())
            default:
                throw unexpected(expected)
            }

            // Add the value to the innermost container, closing each one that ends after it.
            while true {
                skipWhitespace()
                if open.isEmpty {
                    guard offset == bytes.count else { throw unexpected("trailing characters after the value") }
                    return value
                }
                let top = open.count - 1
                let next = offset < bytes.count ? bytes[offset] : nil
                if open[top].isObject {
                    open[top].members.append(JSONMember(key: open[top].key, value: value))
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        try readKey(into: &open[top], expected: "expected a member name after ','")
                        expected = "expected a value after ':'"
                        break
                    }
                    guard next == UInt8(ascii: "}") else { throw unexpected("expected ',' or '}' after an object member") }
                    offset += 1
                    value = .object(open.removeLast().members)
                } else {
                    open[top].elements.append(value)
                    if next == UInt8(ascii: ",") {
                        offset += 1
                        expected = "expected a value after ','"
                        break
                    }
                    guard next == UInt8(ascii: "]") else { throw unexpected("expected ',' or ']' after an array element") }
                    offset += 1
                    value = .array(open.removeLast().elements)
                }
            }
        }
    }

    /// Reads `"name" :` into `object` as the key of its next member.
    private mutating func readKey(into object: inout OpenContainer, expected: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw unexpected(expected) }
        let keyStart = offset
        let key = try string()
        guard object.keys.insert(key).inserted else {
            var quoted = JSONWriter()
            quoted.string(key)
            throw error("duplicate member \(String(decoding: quoted.bytes, as: UTF8.self))", at: keyStart)
        }
        object.key = key
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw unexpected("expected ':' after a member name") }
        offset += 1
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let literalStart = offset
        for expectedByte in word.utf8 {
            guard offset < bytes.count else { throw error("unexpected end of input") }
            guard bytes[offset] == expectedByte else { throw error("expected '\(word)'", at: literalStart) }
            offset += 1
        }
        return value
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as a finite Double.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let numberStart = offset
        let isNegative = bytes[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        let integerStart = offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("leading zero in a number", at: integerStart) }
        } else {
            try digits(expected: "expected a digit after '-'")
        }
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            try digits(expected: "expected a digit after '.'")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            try digits(expected: "expected a digit in the exponent")
        }
        // Up to 15 digits an integer is exact in both Int and Double: skip the text conversion.
        if isInteger, offset - integerStart <= 15 {
            var magnitude = 0
            for index in integerStart..<offset { magnitude = magnitude * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            return isNegative ? -Double(magnitude) : Double(magnitude)
        }
        // The standard library's correctly rounded conversion (not Foundation's); it gives ±inf on overflow.
        guard let value = Double(String(decoding: bytes[numberStart..<offset], as: UTF8.self)), value.isFinite else {
            throw error("number out of range", at: numberStart)
        }
        return value
    }

    /// Reads one or more digits.
    private mutating func digits(expected: String) throws(JSONSyntaxError) {
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw unexpected(expected) }
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// RFC 8259 §7: a string from its opening quote, escapes decoded.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let quote = offset
        offset += 1
        var runStart = offset
        var decoded: [UInt8] = []
        var hasEscapes = false
        while true {
            guard offset < bytes.count else { throw error("unterminated string", at: quote) }
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                let run = bytes[runStart..<offset]
                offset += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                decoded.append(contentsOf: bytes[runStart..<offset])
                try escape(into: &decoded, quote: quote)
                runStart = offset
            case 0x00..<0x20:
                throw error("control character in a string")
            case 0x80...:
                guard let length = utf8SequenceLength(at: offset) else { throw error("invalid UTF-8") }
                offset += length
            default:
                offset += 1
            }
        }
    }

    /// Decodes the escape at `offset` (a backslash) into `output` as UTF-8.
    private mutating func escape(into output: inout [UInt8], quote: Int) throws(JSONSyntaxError) {
        let backslash = offset
        guard offset + 1 < bytes.count else { throw error("unterminated string", at: quote) }
        let letter = bytes[offset + 1]
        offset += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(letter)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeAt: backslash, quote: quote)
            if (0xD800..<0xDC00).contains(scalar) {
                guard offset < bytes.count else { throw error("unterminated string", at: quote) }
                guard bytes[offset] == UInt8(ascii: "\\") else { throw error("lone surrogate in a \\u escape", at: backslash) }
                guard offset + 1 < bytes.count else { throw error("unterminated string", at: quote) }
                guard bytes[offset + 1] == UInt8(ascii: "u") else { throw error("lone surrogate in a \\u escape", at: backslash) }
                let lowEscape = offset
                offset += 2
                let low = try hexQuad(escapeAt: lowEscape, quote: quote)
                guard (0xDC00..<0xE000).contains(low) else { throw error("lone surrogate in a \\u escape", at: backslash) }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("lone surrogate in a \\u escape", at: backslash)
            }
            UTF8.encode(Unicode.Scalar(scalar)!) { output.append($0) }
        default:
            throw error("invalid escape sequence", at: backslash)
        }
    }

    /// The four hex digits after `\u`.
    private mutating func hexQuad(escapeAt backslash: Int, quote: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw error("unterminated string", at: quote) }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u", at: backslash)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode §3.9, Table 3-7), or nil:
    /// this refuses overlong forms, encoded surrogates and anything above U+10FFFF.
    private func utf8SequenceLength(at index: Int) -> Int? {
        let length: Int
        let second: ClosedRange<UInt8>
        switch bytes[index] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for continuation in bytes[(index + 2)..<(index + length)] where !(0x80...0xBF).contains(continuation) { return nil }
        return length
    }

    /// The error for the byte at `offset`, which is not what `expected` says: the end of the input
    /// and ill-formed UTF-8 are reported as such.
    private func unexpected(_ expected: String) -> JSONSyntaxError {
        if offset == bytes.count { return error("unexpected end of input") }
        if bytes[offset] >= 0x80, utf8SequenceLength(at: offset) == nil { return error("invalid UTF-8") }
        return error(expected)
    }

    /// An error at `index` (by default the current offset), with its line and column.
    private func error(_ reason: String, at index: Int? = nil) -> JSONSyntaxError {
        let index = index ?? offset
        var line = 1
        var lineStart = start
        for position in start..<index where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return JSONSyntaxError(line: line, column: index - lineStart + 1, reason: reason)
    }
}
