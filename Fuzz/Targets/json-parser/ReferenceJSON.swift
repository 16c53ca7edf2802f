@testable import SkeletonDomain

/// RFC 8259's grammar (§2-§7) read literally: where bytes stop being the beginning of a JSON text
/// in UTF-8 (§8.1, a leading byte order mark allowed) nested at most 64 deep, or nil if they are
/// one. It finds the first ill-formed UTF-8 sequence with the standard library's decoder and the
/// first byte the grammar cannot take by plain recursive descent, and decodes nothing, so it
/// accepts what `JSONParser` refuses for what the text means: duplicate keys, numbers beyond a
/// Double, escaped lone surrogates.
struct ReferenceJSON {
    static let maxDepth = 64

    static func firstError(in bytes: [UInt8]) -> Int? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var reader = ReferenceJSON(bytes: bytes, index: start)
        reader.skipWhitespace()
        let isValue = reader.value(depth: 0)
        if isValue { reader.skipWhitespace() }
        let grammarError = isValue && reader.index == bytes.count ? nil : reader.index
        let encodingError = firstIllFormedSequence(in: bytes[start...])
        return [grammarError, encodingError].compactMap { $0 }.min()
    }

    private static func firstIllFormedSequence(in bytes: ArraySlice<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private let bytes: [UInt8]
    /// Where reading stopped: after a failed rule, the first byte it could not take.
    private var index: Int

    private init(bytes: [UInt8], index: Int) {
        self.bytes = bytes
        self.index = index
    }

    private var next: Character? {
        index < bytes.count ? Character(Unicode.Scalar(bytes[index])) : nil
    }

    private mutating func take(_ character: Character) -> Bool {
        guard next == character else { return false }
        index += 1
        return true
    }

    /// §2: ws = *( %x20 / %x09 / %x0A / %x0D )
    private mutating func skipWhitespace() {
        while let character = next, " \t\n\r".contains(character) { index += 1 }
    }

    /// §3: value = false / null / true / object / array / number / string
    private mutating func value(depth: Int) -> Bool {
        switch next {
        case "{": depth < Self.maxDepth && object(depth: depth + 1)
        case "[": depth < Self.maxDepth && array(depth: depth + 1)
        case "\"": string()
        case "t": word("true")
        case "f": word("false")
        case "n": word("null")
        default: number()
        }
    }

    private mutating func word(_ text: String) -> Bool {
        text.allSatisfy { take($0) }
    }

    /// §4: object = begin-object [ member *( value-separator member ) ] end-object
    private mutating func object(depth: Int) -> Bool {
        index += 1
        skipWhitespace()
        if take("}") { return true }
        while true {
            guard string() else { return false }
            skipWhitespace()
            guard take(":") else { return false }
            skipWhitespace()
            guard value(depth: depth) else { return false }
            skipWhitespace()
            if take("}") { return true }
            guard take(",") else { return false }
            skipWhitespace()
        }
    }

    /// §5: array = begin-array [ value *( value-separator value ) ] end-array
    private mutating func array(depth: Int) -> Bool {
        index += 1
        skipWhitespace()
        if take("]") { return true }
        while true {
            guard value(depth: depth) else { return false }
            skipWhitespace()
            if take("]") { return true }
            guard take(",") else { return false }
            skipWhitespace()
        }
    }

    /// §6: number = [ minus ] int [ frac ] [ exp ]; int = zero / ( digit1-9 *DIGIT )
    private mutating func number() -> Bool {
        _ = take("-")
        if !take("0") {
            guard let first = next, ("1"..."9").contains(first) else { return false }
            digits()
        }
        if take(".") {
            guard next?.isASCIIDigit == true else { return false }
            digits()
        }
        if take("e") || take("E") {
            _ = take("+") || take("-")
            guard next?.isASCIIDigit == true else { return false }
            digits()
        }
        return true
    }

    private mutating func digits() {
        while next?.isASCIIDigit == true { index += 1 }
    }

    /// §7: string = quotation-mark *char quotation-mark, where char is unescaped
    /// (%x20-21 / %x23-5B / %x5D-10FFFF) or `\` followed by one of `"\/bfnrt` or `u` and four
    /// hex digits.
    private mutating func string() -> Bool {
        guard take("\"") else { return false }
        while let character = next {
            switch character {
            case "\"":
                index += 1
                return true
            case "\\":
                index += 1
                if take("u") {
                    for _ in 0..<4 {
                        guard next?.isHexDigit == true else { return false }
                        index += 1
                    }
                } else {
                    guard let letter = next, "\"\\/bfnrt".contains(letter) else { return false }
                    index += 1
                }
            case _ where bytes[index] < 0x20:
                return false
            default:
                index += 1
            }
        }
        return false
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
