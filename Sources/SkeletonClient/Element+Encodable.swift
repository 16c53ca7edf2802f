import Foundation

/// Writes an element as layout documents do, `{id, stage, accessibilityLabel, content?}`, so
/// that a `LayoutDocument` kept for an offline start reads back equal. Here rather than beside
/// its `Decodable` in Layouts because writing the content, kept as JSON bytes, takes a JSON
/// reader, which Layouts (no Foundation) has not.
extension Element: Encodable {
    private enum Key: String, CodingKey { case id, stage, accessibilityLabel, content }

    public func encode(to encoder: any Encoder) throws {
        var element = encoder.container(keyedBy: Key.self)
        try element.encode(id, forKey: .id)
        try element.encode(stage, forKey: .stage)
        try element.encode(accessibilityLabel, forKey: .accessibilityLabel)
        if let content { try element.encode(JSONDecoder().decode(JSONValue.self, from: Data(content)), forKey: .content) }
    }
}

/// Any JSON value, read and written as it is.
private enum JSONValue: Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else if let text = try? value.decode(String.self) {
            self = .string(text)
        } else if let array = try? value.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try value.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .null: try value.encodeNil()
        case .bool(let flag): try value.encode(flag)
        case .number(let number): try value.encode(number)
        case .string(let text): try value.encode(text)
        case .array(let array): try value.encode(array)
        case .object(let object): try value.encode(object)
        }
    }
}
