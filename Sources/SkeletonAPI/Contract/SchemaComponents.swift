import Glibc

/// A served JSON Schema document's schemas as OpenAPI component members, so that the OpenAPI
/// description and the schema cannot disagree: the root schema under `rootName`, then each of
/// its `$defs`, with references rewritten from `#/$defs/` to `#/components/schemas/`.
///
/// The document's text is cut, not parsed: it holds `$schema`, then `"$id": "PATH",` and a line
/// break and a space, the root's members, then `,` line break, space, `"$defs": {` and a line
/// break, the definitions, and ends with a line break and `}}`. Each file says so by being
/// served; a file in another shape stops the server at its first request for the description
/// (`ContractRoutesTests` makes it).
enum SchemaComponents {
    static func members(of document: [UInt8], path: String, rootName: String) -> String {
        let rootStart = document.firstRange(of: Array("\"$id\": \"\(path)\",\n ".utf8))!.upperBound
        let definitions = document.firstRange(of: Array(",\n \"$defs\": {\n".utf8))!
        precondition(document.suffix(3).elementsEqual("\n}}".utf8), "\(path) ends its $defs and itself with \\n}}")
        let root = String(decoding: document[rootStart..<definitions.lowerBound], as: UTF8.self)
        let members = String(decoding: document[definitions.upperBound..<(document.endIndex - 3)], as: UTF8.self)
        return replacing(##""#/$defs/"##, with: ##""#/components/schemas/"##, in: "\"\(rootName)\": {\(root)},\n\(members)")
    }

    /// `text` with every `target` replaced: `memchr` finds each candidate for the target's first
    /// byte, `memcmp` compares it whole, and the text between matches is copied in one piece; at
    /// start-up, where the standard library's generic `replacing(_:with:)` cost 5 million
    /// instructions for 15 KB, and a loop byte by byte 600 an unoptimised byte.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        var text = text
        let target = Array(target.utf8), replacement = Array(replacement.utf8)
        var out: [UInt8] = []
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return }
            out.reserveCapacity(bytes.count + bytes.count / 8)
            let end = start + bytes.count
            var copied = start, cursor = start
            let first = Int32(target[0])
            while let candidate = memchr(cursor, first, end - cursor) {
                let found = UnsafePointer(candidate.assumingMemoryBound(to: UInt8.self))
                if end - found >= target.count && memcmp(found, target, target.count) == 0 {
                    out.append(contentsOf: UnsafeBufferPointer(start: copied, count: found - copied))
                    out += replacement
                    copied = found + target.count
                    cursor = copied
                } else {
                    cursor = found + 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(start: copied, count: end - copied))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
