/// Reads a loading element as layout documents write it: `{id, stage, accessibilityLabel,
/// content?}`, its content kept as compact JSON bytes.
extension Element: Decodable {
    private enum Key: String, CodingKey { case id, stage, accessibilityLabel, content }

    public init(from decoder: any Decoder) throws {
        let element = try decoder.container(keyedBy: Key.self)
        var content: [UInt8]?
        if let value = try element.decodeIfPresent(JSONValue.self, forKey: .content) {
            var writer = JSONWriter()
            value.write(to: &writer)
            content = writer.bytes
        }
        self.init(
            id: try element.decode(String.self, forKey: .id), stage: try element.decode(String.self, forKey: .stage),
            accessibilityLabel: try element.decode(String.self, forKey: .accessibilityLabel), content: content)
    }
}

/// Any JSON value, read through `Decodable`: objects keep the members a decoder reports.
extension JSONValue: Decodable {
    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(try object.allKeys.map { JSONMember(key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) })
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }
}
