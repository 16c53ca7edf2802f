@testable import HTTPServer

/// libFuzzer target `query`: the query reader (`Query.defect(in:)`, `Query.value(of:in:)`, which
/// `Request.queryValue` calls) and the percent decoder (`PercentEncoding`), against a plain
/// reading of `application/x-www-form-urlencoded` (WHATWG URL §5.1, with strict escapes) and RFC
/// 3986 §2.1, §6.2.2. Linked with the `HTTPServer` module (see `scripts/fuzz`).
///
/// Input: the query text (any bytes; invalid UTF-8 is repaired by `String(decoding:)`, as the
/// parser never lets it through anyway). The process traps (a libFuzzer crash) when:
/// - the validator's verdict differs from the reference: a query is refused exactly when one of
///   its parameters has a `%` not followed by two hex digits or decodes to something not UTF-8,
///   and the parameter it names is the first such one, by its decoded name (or its name as sent
///   when the name itself is bad);
/// - in a query the validator accepts, `queryValue(name)` for a parameter's name is not the strict
///   decoding of the first parameter with that name;
/// - `QueryItems` splits the query otherwise than the reference, a `QueryText` does not equal its
///   own strict decoding, or its `wholeNumber` differs from reading the decoded digits;
/// - `PercentEncoding.decoded`, `decodedText` or `normalizedPath` disagree with the reference, or
///   normalising twice differs from normalising once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    checkQuery(String(decoding: bytes, as: UTF8.self))
    checkPercentDecoding(Array(bytes))
    return 0
}

/// One `name=value` pair as sent and as strictly decoded (nil: malformed or not UTF-8).
private struct ReferencePair {
    let rawName: [UInt8]
    let rawValue: [UInt8]
    let name: String?
    let value: String?
}

private func referencePairs(_ query: String) -> [ReferencePair] {
    Array(query.utf8).split(separator: UInt8(ascii: "&")).map { pair in
        let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
        let rawName = Array(pair[..<equals])
        let rawValue = equals < pair.endIndex ? Array(pair[(equals + 1)...]) : []
        return ReferencePair(rawName: rawName, rawValue: rawValue,
                             name: referenceDecoded(rawName, plusIsSpace: true).flatMap { String(validating: $0, as: UTF8.self) },
                             value: referenceDecoded(rawValue, plusIsSpace: true).flatMap { String(validating: $0, as: UTF8.self) })
    }
}

/// RFC 3986 §2.1: `%` HEXDIG HEXDIG is that byte; anything else after a `%` is malformed.
private func referenceDecoded(_ bytes: [UInt8], plusIsSpace: Bool) -> [UInt8]? {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
                  bytes[(index + 1)...(index + 2)].allSatisfy({ referenceHexDigits.contains($0) }) else { return nil }
            output.append(byte)
            index += 3
        } else {
            output.append(plusIsSpace && bytes[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : bytes[index])
            index += 1
        }
    }
    return output
}

private let referenceHexDigits = Set("0123456789abcdefABCDEF".utf8)
private let referenceUnreserved = Set("-._~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

private func checkQuery(_ query: String) {
    let pairs = referencePairs(query)
    var expected: String?
    for pair in pairs {
        if pair.name == nil {
            expected = String(decoding: pair.rawName, as: UTF8.self)
            break
        }
        if pair.value == nil {
            expected = pair.name
            break
        }
    }
    let defect = Query.defect(in: query)
    guard defect?.parameter == expected else {
        fatalError("query \(escapedText(query)): the validator names \(String(describing: defect)), the reference \(String(describing: expected))")
    }
    if let defect {
        precondition(!defect.reason.isEmpty, "a defect without a reason in \(escapedText(query))")
    }

    checkItems(query, pairs, isValid: defect == nil)
    _ = Query.value(of: "screen", in: query)
    _ = Query.value(of: "", in: query)
    for pair in pairs {
        guard let name = pair.name else {
            _ = Query.value(of: String(decoding: pair.rawName, as: UTF8.self), in: query)
            continue
        }
        let found = Query.value(of: name, in: query)
        guard defect == nil else { continue }
        // The first parameter whose decoded name is `name`.
        let strict = pairs.first { $0.name == name }!.value!
        guard found == strict else {
            fatalError("query \(escapedText(query)): queryValue(\(escapedText(name))) is \(String(describing: found)), expected \(escapedText(strict))")
        }
    }
}

private func checkPercentDecoding(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
        for plusIsSpace in [false, true] {
            let decoded = PercentEncoding.decoded(buffer, plusIsSpace: plusIsSpace)
            let expected = referenceDecoded(bytes, plusIsSpace: plusIsSpace)
            precondition(decoded == expected, "decoded(\(escapedText(String(decoding: bytes, as: UTF8.self))), plusIsSpace: \(plusIsSpace)) is \(String(describing: decoded)), expected \(String(describing: expected))")
            let text = PercentEncoding.decodedText(buffer, plusIsSpace: plusIsSpace)
            precondition(text == expected.flatMap { String(validating: $0, as: UTF8.self) }, "decodedText disagrees on \(escapedText(String(decoding: bytes, as: UTF8.self)))")
            let needs = PercentEncoding.needsDecoding(buffer, plusIsSpace: plusIsSpace)
            precondition(needs || decoded == bytes, "needsDecoding is false but decoding changes \(escapedText(String(decoding: bytes, as: UTF8.self)))")
        }
        let normalized = PercentEncoding.normalizedPath(buffer)
        precondition((normalized == nil) == (referenceDecoded(bytes, plusIsSpace: false) == nil), "normalizedPath and decoded disagree on malformed input")
        guard let normalized else { return }
        precondition(referenceDecoded(normalized, plusIsSpace: false) == referenceDecoded(bytes, plusIsSpace: false),
                     "normalizedPath changes what \(escapedText(String(decoding: bytes, as: UTF8.self))) decodes to")
        let again = normalized.withUnsafeBufferPointer { PercentEncoding.normalizedPath($0) }
        precondition(again == normalized, "normalizedPath is not idempotent on \(escapedText(String(decoding: bytes, as: UTF8.self)))")
        // What is left encoded is a reserved or non-ASCII byte, in upper-case hex.
        var index = 0
        while index < normalized.count {
            if normalized[index] == UInt8(ascii: "%") {
                let digits = normalized[(index + 1)...(index + 2)]
                precondition(digits.allSatisfy { Set("0123456789ABCDEF".utf8).contains($0) }, "lower-case hex left in \(escapedText(String(decoding: normalized, as: UTF8.self)))")
                precondition(!referenceUnreserved.contains(UInt8(String(decoding: digits, as: UTF8.self), radix: 16)!), "an unreserved byte left encoded")
                index += 3
            } else {
                index += 1
            }
        }
    }
}

private func escapedText(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        result += scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F ? String(scalar) : scalar.escaped(asASCII: true)
    }
    return result + "\""
}

/// `QueryItems` against the reference split (which, like it, skips empty pairs), and each item's
/// comparison and whole number against its strict decoding.
private func checkItems(_ query: String, _ pairs: [ReferencePair], isValid: Bool) {
    query.withUTF8Bytes { bytes in
        let items = QueryItems.all(in: bytes)
        precondition(items.count == pairs.count, "QueryItems finds \(items.count) items in \(escapedText(query)), the reference \(pairs.count)")
        for (item, pair) in zip(items, pairs) {
            precondition(Array(item.name.bytes) == pair.rawName && Array(item.value.bytes) == pair.rawValue, "QueryItems splits \(escapedText(query)) otherwise")
            if let name = pair.name { precondition(item.name.index(in: QueryChoices([name])) == 0, "a name does not equal its decoding in \(escapedText(query))") }
            guard isValid, let value = pair.value else { continue }
            let isNumber = !value.isEmpty && value.utf8.count <= 4 && value.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            precondition(item.value.wholeNumber(maxDigits: 4) == (isNumber ? Int(value) : nil), "wholeNumber disagrees on \(escapedText(query))")
        }
    }
}
