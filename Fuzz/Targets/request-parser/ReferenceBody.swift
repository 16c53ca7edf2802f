@testable import HTTPServer

/// A body as RFC 9112 §6.2 and §7.1 delimit it, read from a buffer that holds everything
/// received, with `BodyReader`'s limits: the decoded size (413), a chunk-size line of at most
/// 4,095 bytes before its CR (400), a trailer line of at most 4,096 (431).
enum ReferenceBody {
    enum Verdict: Equatable {
        case incomplete
        case refused(status: Int)
        case complete(length: Int)
    }

    /// `BodyReader` accepts any chunk extension without control characters after a `;`, space or
    /// tab (`5 6` is size 5). RFC 9112 §7.1.1's grammar is stricter; set this to hold the reader to it.
    static let holdsChunkExtensionsToTheGrammar = false

    /// Traps when one `consume` of a fresh reader over the whole buffered body contradicts the reference.
    static func check(_ result: Result<Int, ParseError>, isComplete: Bool, framing: BodyFraming, bytes: ArraySlice<UInt8>, limits: RequestLimits) {
        let expected = verdict(framing, Array(bytes), maxBodyBytes: limits.maxBodyBytes)
        switch (result, expected) {
        case (.failure(let error), .refused(let status)) where error.status.code == status:
            return
        case (.failure, .incomplete):
            return // a reader may refuse before the reference has a whole line to judge
        case (.success(let used), .complete(let length)) where isComplete && used == length:
            return
        case (.success, .incomplete) where !isComplete:
            return
        default:
            fatalError("body \(framing) \(escaped(bytes)): the reader says \(result) complete \(isComplete), the reference \(expected)")
        }
    }

    static func verdict(_ framing: BodyFraming, _ bytes: [UInt8], maxBodyBytes: Int) -> Verdict {
        switch framing {
        case .none: .complete(length: 0)
        case .length(let count): bytes.count >= count ? .complete(length: count) : .incomplete
        case .chunked: chunked(bytes, maxBodyBytes: maxBodyBytes)
        }
    }

    /// chunked-body = *chunk last-chunk trailer-section CRLF
    private static func chunked(_ bytes: [UInt8], maxBodyBytes: Int) -> Verdict {
        var index = 0
        var total = 0
        while true {
            // chunk-size [ chunk-ext ] CRLF
            guard let lineEnd = bytes[index...].firstIndex(where: { $0 == cr || $0 == lf }) else {
                return .incomplete
            }
            let line = bytes[index..<lineEnd]
            var size = 0
            var digits = 0
            for byte in line {
                guard let value = hexValue(byte) else { break }
                if digits + 1 > 4096 { return .refused(status: 400) }
                size = size * 16 + Int(value)
                if total + size > maxBodyBytes { return .refused(status: 413) }
                digits += 1
            }
            guard digits > 0, line.count < 4096 else { return .refused(status: 400) }
            let extensions = line.dropFirst(digits)
            if let first = extensions.first {
                guard first == UInt8(ascii: ";") || first == space || first == tab,
                      !extensions.contains(where: { $0 < 0x20 && $0 != tab }) else { return .refused(status: 400) }
                if holdsChunkExtensionsToTheGrammar && !isChunkExtension(extensions) { return .refused(status: 400) }
            }
            guard bytes[lineEnd] == cr else { return .refused(status: 400) }
            guard lineEnd + 1 < bytes.count else { return .incomplete }
            guard bytes[lineEnd + 1] == lf else { return .refused(status: 400) }
            index = lineEnd + 2
            total += size
            if size == 0 { break }
            // chunk-data CRLF
            guard index + size + 2 <= bytes.count else {
                if index + size < bytes.count && bytes[index + size] != cr { return .refused(status: 400) }
                return .incomplete
            }
            guard bytes[index + size] == cr, bytes[index + size + 1] == lf else { return .refused(status: 400) }
            index += size + 2
        }
        // trailer-section CRLF: lines (not checked as fields: the reader discards them) up to an empty one.
        while true {
            var length = 0
            while index < bytes.count && bytes[index] != cr && bytes[index] != lf {
                length += 1
                if length > 4096 { return .refused(status: 431) }
                index += 1
            }
            guard index < bytes.count else { return .incomplete }
            guard bytes[index] == cr else { return .refused(status: 400) }
            guard index + 1 < bytes.count else { return .incomplete }
            guard bytes[index + 1] == lf else { return .refused(status: 400) }
            index += 2
            if length == 0 { return .complete(length: index) }
        }
    }

    /// chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] ), RFC 9112 §7.1.1.
    private static func isChunkExtension(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        func skipWhitespace() { while index < text.endIndex && (text[index] == space || text[index] == tab) { index += 1 } }
        func token() -> Bool {
            let start = index
            while index < text.endIndex && ReferenceHead.tokenCharacters.contains(text[index]) { index += 1 }
            return index > start
        }
        func quotedString() -> Bool {
            guard index < text.endIndex, text[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            while index < text.endIndex {
                let byte = text[index]
                if byte == UInt8(ascii: "\"") { index += 1; return true }
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte < 0x20 && byte != tab || byte == 0x7F { return false }
                index += 1
            }
            return false
        }
        while true {
            skipWhitespace()
            if index == text.endIndex { return true }
            guard text[index] == UInt8(ascii: ";") else { return false }
            index += 1
            skipWhitespace()
            guard token() else { return false }
            let beforeValue = index
            skipWhitespace()
            if index < text.endIndex && text[index] == UInt8(ascii: "=") {
                index += 1
                skipWhitespace()
                guard token() || quotedString() else { return false }
            } else {
                index = beforeValue
            }
        }
    }
}
