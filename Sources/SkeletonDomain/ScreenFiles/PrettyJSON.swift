/// Indents compact JSON for people: two spaces per level, one member or item per line, a space
/// after each colon; empty objects and arrays stay `{}` and `[]`.
///
/// Guarantees: only whitespace outside strings is added, so the result parses to the same value.
enum PrettyJSON {
    static func indented(_ compact: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        for (index, byte) in compact.enumerated() {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let next = index + 1 < compact.count ? compact[index + 1] : 0
                if next != UInt8(ascii: "}") && next != UInt8(ascii: "]") {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let previous = compact[index - 1]
                if previous != UInt8(ascii: "{") && previous != UInt8(ascii: "[") {
                    depth -= 1
                    newline()
                }
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
