@testable import SkeletonDomain

/// libFuzzer target `json-parser`: `JSONParser.parse` and `JSONValue.write(to:)`, against a plain
/// reading of RFC 8259 (`ReferenceJSON`). Linked with the `SkeletonDomain` module, whose
/// `ScreenFiles/JSON*` and `JSONWriter` it drives (see `scripts/fuzz`).
///
/// Input: the bytes of a screen file, parsed with the default limits. The process traps (a
/// libFuzzer crash) when:
/// - the parser accepts a text the reference refuses, or refuses one the reference accepts for
///   any reason but what the text means (a duplicate key, a number beyond a Double, an escaped
///   lone surrogate);
/// - an error's line and column are not a position in the input, or are past the first byte that
///   cannot continue a JSON text (the parser reports the first error), or the input before them
///   is not UTF-8, or the reason does not fit what is there: `unexpected end of input`
///   exactly at the end, `invalid UTF-8` exactly where the standard library's decoder fails, a
///   string error at a quote or backslash, a nesting error at a bracket;
/// - an accepted value, written with `write(to:)` and parsed again, gives a value not equal to it, or
///   writing that again gives other bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let referenceError = ReferenceJSON.firstError(in: bytes)
    do {
        let value = try JSONParser.parse(bytes)
        precondition(referenceError == nil, "the parser accepts \(shown(bytes)), which the reference refuses at \(referenceError!)")
        checkRoundTrip(value, of: bytes)
    } catch {
        let isAboutMeaning = error.reason.hasPrefix("duplicate member ") || error.reason == "number out of range"
            || error.reason == #"lone surrogate in a \u escape"#
        precondition(referenceError != nil || isAboutMeaning, "the parser refuses \(shown(bytes)), which the reference accepts: \(error)")
        checkPosition(of: error, in: bytes, notAfter: referenceError ?? bytes.count)
    }
    return 0
}

private func checkRoundTrip(_ value: JSONValue, of bytes: [UInt8]) {
    var writer = JSONWriter()
    value.write(to: &writer)
    let written = writer.bytes
    let again: JSONValue
    do {
        again = try JSONParser.parse(written)
    } catch {
        fatalError("\(shown(bytes)) is written as \(shown(written)), which does not parse: \(error)")
    }
    precondition(again == value, "\(shown(bytes)) is written as \(shown(written)), which parses to another value")
    var rewriter = JSONWriter()
    again.write(to: &rewriter)
    precondition(rewriter.bytes == written, "writing \(shown(written)) again gives \(shown(rewriter.bytes))")
}

private func checkPosition(of error: JSONSyntaxError, in bytes: [UInt8], notAfter firstUnreadable: Int) {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    if error.reason.hasPrefix("larger than ") { fatalError("\(shown(bytes)) is under the size limit: \(error)") }
    precondition(error.line >= 1 && error.column >= 1, "\(error) in \(shown(bytes))")
    var lineStart = start
    for _ in 1..<error.line {
        guard let lineFeed = bytes[lineStart...].firstIndex(of: 0x0A) else { fatalError("\(shown(bytes)) has no line \(error.line): \(error)") }
        lineStart = lineFeed + 1
    }
    let offset = lineStart + error.column - 1
    precondition(offset <= bytes.count && !bytes[lineStart..<offset].contains(0x0A), "\(error) is past its line in \(shown(bytes))")
    precondition(offset <= firstUnreadable, "\(error) is after the first error, at byte \(firstUnreadable), in \(shown(bytes))")
    precondition(String(validating: bytes[start..<offset], as: UTF8.self) != nil, "\(error): the input before it is not UTF-8 in \(shown(bytes))")

    var rest = bytes[offset...].makeIterator()
    var decoder = UTF8()
    let isIllFormed = if case .error = decoder.decode(&rest) { true } else { false }
    precondition((error.reason == "invalid UTF-8") == isIllFormed, "\(error) where the decoder says ill-formed: \(isIllFormed), in \(shown(bytes))")
    precondition((error.reason == "unexpected end of input") == (offset == bytes.count), "\(error) at offset \(offset) of \(shown(bytes))")
    let byte = offset < bytes.count ? bytes[offset] : nil
    switch error.reason {
    case "unterminated string":
        precondition(byte == UInt8(ascii: "\""), "\(error) not at a quote in \(shown(bytes))")
    case _ where error.reason.hasPrefix("duplicate member "):
        precondition(byte == UInt8(ascii: "\""), "\(error) not at a quote in \(shown(bytes))")
    case "invalid escape sequence", #"lone surrogate in a \u escape"#, #"expected four hex digits after \u"#:
        precondition(byte == UInt8(ascii: "\\"), "\(error) not at a backslash in \(shown(bytes))")
    case "nesting deeper than 64":
        precondition(byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"), "\(error) not at a bracket in \(shown(bytes))")
    default:
        precondition(!error.reason.isEmpty, "an error without a reason in \(shown(bytes))")
    }
}

/// The bytes as JSON-ish text for a crash message: printable ASCII as is, the rest as `\xNN`.
private func shown(_ bytes: [UInt8]) -> String {
    var text = "\""
    for byte in bytes.prefix(600) {
        if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
            text.append(Character(Unicode.Scalar(byte)))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return text + (bytes.count > 600 ? "...\" (\(bytes.count) bytes)" : "\"")
}
