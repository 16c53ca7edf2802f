import Layouts

/// The JSON Schema (draft 2020-12) of the layout documents that `GET /layouts/{screen}` serves
/// (SPEC §3), served at `GET /schema/layout.json`. The OpenAPI description holds the same
/// definitions as its components (`components`), so the two cannot disagree.
///
/// Served documents are explicit (SPEC §3), so every member a node type has is required here;
/// every bound of the screen-file format that a document carries over (sizes, times, counts,
/// id syntax) is a keyword. What JSON Schema cannot say (ids unique, an element's stage among
/// `stages`, nesting depth) is said in descriptions.
enum LayoutSchema {
    static let path = "/schema/layout.json"

    /// `layout.schema.json`, served as it is.
    static let document = EmbeddedFiles.layoutSchemaJSON

    /// The root schema and the definitions as OpenAPI component members (`"Layout": {…}, …`),
    /// with their references rewritten from `#/$defs/` to `#/components/schemas/`: cut from the
    /// document's text, which holds the root's members, then `"$defs": {`, the definitions, `}}`.
    static let components: String = {
        let rootStart = document.firstRange(of: Array("\"$id\": \"\(path)\",\n ".utf8))!.upperBound
        let definitions = document.firstRange(of: Array(",\n \"$defs\": {\n".utf8))!
        precondition(document.suffix(3).elementsEqual("\n}}".utf8), "layout.schema.json ends its $defs and itself with \\n}}")
        let root = String(decoding: document[rootStart..<definitions.lowerBound], as: UTF8.self)
        let members = String(decoding: document[definitions.upperBound..<(document.endIndex - 3)], as: UTF8.self)
        return replacing(##""#/$defs/"##, with: ##""#/components/schemas/"##, in: "\"Layout\": {\(root)},\n\(members)")
    }()

    /// `text` with every `target` replaced, compared byte by byte: at start-up, where the standard
    /// library's generic `replacing(_:with:)` cost 5 million instructions for these 15 KB.
    private static func replacing(_ target: String, with replacement: String, in text: String) -> String {
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
