/// A served JSON Schema document's schemas as OpenAPI component members, so that the OpenAPI
/// description and the schema cannot disagree: the root schema under `rootName`, then each of
/// its `$defs`, with references rewritten from `#/$defs/` to `#/components/schemas/`.
///
/// The document's text is cut, not parsed: it holds `$schema`, then `"$id": "PATH",` and a line
/// break and a space, the root's members, then `,` line break, space, `"$defs": {` and a line
/// break, the definitions, and ends with a line break and `}}`. Each file says so by being
/// served; a file in another shape stops the server at start-up (every test starts it).
enum SchemaComponents {
    static func members(of document: [UInt8], path: String, rootName: String) -> String {
        let rootStart = document.firstRange(of: Array("\"$id\": \"\(path)\",\n ".utf8))!.upperBound
        let definitions = document.firstRange(of: Array(",\n \"$defs\": {\n".utf8))!
        precondition(document.suffix(3).elementsEqual("\n}}".utf8), "\(path) ends its $defs and itself with \\n}}")
        let root = String(decoding: document[rootStart..<definitions.lowerBound], as: UTF8.self)
        let members = String(decoding: document[definitions.upperBound..<(document.endIndex - 3)], as: UTF8.self)
        return replacing(##""#/$defs/"##, with: ##""#/components/schemas/"##, in: "\"\(rootName)\": {\(root)},\n\(members)")
    }

    /// `text` with every `target` replaced, compared byte by byte: at start-up, where the standard
    /// library's generic `replacing(_:with:)` cost 5 million instructions for these 15 KB.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let bytes = Array(text.utf8), target = Array(target.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == target[0] && bytes[index...].starts(with: target) {
                out += replacement.utf8
                index += target.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
