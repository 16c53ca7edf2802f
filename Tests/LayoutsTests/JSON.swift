/// A JSON value parsed from bytes by a small recursive-descent parser (RFC 8259), so that the
/// tests read documents the way a client does, independently of the writer. Objects keep their
/// members in order.
enum JSON: Equatable {
    case object([(key: String, value: JSON)])
    case array([JSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    struct ParseError: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    static func parse(_ bytes: [UInt8]) throws -> JSON {
        var parser = Parser(bytes: bytes)
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.error("trailing bytes") }
        return value
    }

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    var array: [JSON] {
        guard case .array(let items) = self else { return [] }
        return items
    }

    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        func error(_ reason: String) -> ParseError { ParseError(offset: offset, reason: reason) }

        mutating func skipWhitespace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func value() throws -> JSON {
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws {
            for byte in word.utf8 {
                guard offset < bytes.count, bytes[offset] == byte else { throw error("expected \(word)") }
                offset += 1
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == byte else {
                throw error("expected \(Character(Unicode.Scalar(byte)))")
            }
            offset += 1
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        mutating func object() throws -> JSON {
            try expect(UInt8(ascii: "{"))
            var members: [(key: String, value: JSON)] = []
            if consume(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipWhitespace()
                let key = try string()
                try expect(UInt8(ascii: ":"))
                members.append((key, try value()))
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
            return .object(members)
        }

        mutating func array() throws -> JSON {
            try expect(UInt8(ascii: "["))
            var items: [JSON] = []
            if consume(UInt8(ascii: "]")) { return .array(items) }
            repeat { items.append(try value()) } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
            return .array(items)
        }

        mutating func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            var utf8: [UInt8] = []
            while true {
                guard offset < bytes.count else { throw error("unterminated string") }
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard offset < bytes.count else { throw error("unterminated escape") }
                    let escape = bytes[offset]
                    offset += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            try literal("\\u")
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("lone surrogate") }
                            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw error("bad scalar") }
                        utf8.append(contentsOf: String(Character(unicode)).utf8)
                    default:
                        throw error("bad escape")
                    }
                case 0x00..<0x20:
                    throw error("unescaped control character")
                default:
                    utf8.append(byte)
                }
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard offset + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
            else { throw error("bad \\u escape") }
            offset += 4
            return value
        }

        /// RFC 8259 §6's grammar exactly: no leading zeros, no bare dot, no plus sign.
        mutating func number() throws -> Double {
            let start = offset
            func digits() -> Int {
                let first = offset
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                    offset += 1
                }
                return offset - first
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let integerStart = offset
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("expected a value") }
            guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw error("leading zero") }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard digits() > 0 else { throw error("no digits after the point") }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                    offset += 1
                }
                guard digits() > 0 else { throw error("no exponent digits") }
            }
            guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
                throw error("bad number")
            }
            return value
        }
    }
}
