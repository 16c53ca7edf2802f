import SkeletonDomain

/// A served document as a client reads it: parsed by the service's own strict parser
/// (`JSONParser`, fuzzed against RFC 8259's grammar; independent of `JSONWriter`), in a form
/// that tests spell tersely (`.object([("type", .string("linear"))])`). Objects keep their
/// members in order.
enum JSON: Equatable {
    case object([(key: String, value: JSON)])
    case array([JSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func parse(_ bytes: [UInt8]) throws -> JSON {
        JSON(try JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 256, maxBytes: 1 << 24)))
    }

    private init(_ value: JSONValue) {
        switch value {
        case .object(let members): self = .object(members.map { ($0.key, JSON($0.value)) })
        case .array(let items): self = .array(items.map(JSON.init))
        case .string(let text): self = .string(text)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        }
    }

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// This object without its member `key`.
    func removing(_ key: String) -> JSON {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != key })
    }

    var array: [JSON] {
        guard case .array(let items) = self else { return [] }
        return items
    }

    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }
}
