/// A parsed JSON value (RFC 8259 §3); objects keep their members in file order.
///
/// Guarantees: a value from `JSONParser` holds only finite numbers and has no two members of one
/// object with the same key, so `write(to:)` gives text that parses back to an equal value.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable, Equatable {
    package let key: String
    package let value: JSONValue

    package init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// The value of the first member named `key`, or nil if there is none or this is not an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The JSON name of this value's type, for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Writes the value compactly, members in order; integers up to ±2^53 without a fraction.
    package func write(to writer: inout JSONWriter) {
        switch self {
        case .null:
            writer.null()
        case .bool(let value):
            writer.bool(value)
        case .number(let value):
            // JSONWriter writes integers below 2^53 as such; this also covers ±2^53 itself.
            // (Converting, unlike Int(exactly:), needs no libm.)
            if value.magnitude <= 0x1p53, Double(Int(value)) == value {
                writer.number(Int(value))
            } else {
                writer.number(value)
            }
        case .string(let value):
            writer.string(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.key(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}
