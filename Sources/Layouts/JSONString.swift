/// JSON string quoting (RFC 8259 §7), written once for the package: the domain's `JSONWriter`
/// and the model's decoding of element content both quote strings with it. Package-only: apps
/// never see it.
package enum JSONString {
    /// Appends `text` in quotes, with `"`, `\` and every control character escaped (the short
    /// forms `\b \f \n \r \t`, the rest as `\u00XX`); text that needs no escape is copied whole.
    @inlinable
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // A plain loop over the bytes, not `contains(where:)`: the same work optimised, a fraction
        // of it unoptimised (a test build's servers quote every document's strings as they start).
        let copiedWhole: Bool? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard let start = utf8.baseAddress else { return true }
            var byte = start
            let end = start + utf8.count
            while byte < end {
                let value = byte.pointee
                if value < 0x20 || value == UInt8(ascii: "\"") || value == UInt8(ascii: "\\") { return false }
                byte += 1
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copiedWhole != true {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
                case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x00..<0x20:
                    // \u00XX, upper-case hex: the high nibble is 0 or 1.
                    let low = byte & 0x0F
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                              UInt8(ascii: "0") + (byte >> 4), low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "A") + low - 10]
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
