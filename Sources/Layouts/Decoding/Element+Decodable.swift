/// Reads a loading element as layout documents write it: `{id, stage, accessibilityLabel,
/// content?}`, its content kept as compact JSON bytes.
extension Element: Decodable {
    private enum Key: String, CodingKey { case id, stage, accessibilityLabel, content }

    public init(from decoder: any Decoder) throws {
        let element = try decoder.container(keyedBy: Key.self)
        self.init(
            id: try element.decode(String.self, forKey: .id), stage: try element.decode(String.self, forKey: .stage),
            accessibilityLabel: try element.decode(String.self, forKey: .accessibilityLabel),
            content: try element.decodeIfPresent(CompactJSON.self, forKey: .content)?.bytes)
    }
}

/// Any JSON value read through `Decodable` and written back as compact JSON (RFC 8259): an
/// element's `content`, which this module keeps as bytes, as the server does.
///
/// Guarantees: the text parses to the value decoded: strings escaped per §7 (`"`, `\` and every
/// control character), integral numbers up to ±2^53 written as integers, others in their shortest
/// round-trip form; object members sorted by name, so that one value gives the same bytes
/// whatever order a decoder reports its members in.
private struct CompactJSON: Decodable {
    private(set) var bytes: [UInt8] = []

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(key.stringValue, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                bytes += try object.decode(CompactJSON.self, forKey: key).bytes
            }
            bytes.append(UInt8(ascii: "}"))
        } else if var array = try? decoder.unkeyedContainer() {
            bytes.append(UInt8(ascii: "["))
            while !array.isAtEnd {
                if array.currentIndex > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += try array.decode(CompactJSON.self).bytes
            }
            bytes.append(UInt8(ascii: "]"))
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                bytes += "null".utf8
            } else if let flag = try? value.decode(Bool.self) {
                bytes += (flag ? "true" : "false").utf8
            } else if let number = try? value.decode(Double.self) {
                // Converting, unlike Int(exactly:), needs no libm.
                bytes += (number.magnitude <= 0x1p53 && Double(Int(number)) == number ? String(Int(number)) : String(number)).utf8
            } else {
                JSONString.append(try value.decode(String.self), to: &bytes)
            }
        }
    }
}
