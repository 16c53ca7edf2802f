/// One drift report (`POST /drift`, schema `drift-report.schema.json`) as the server keeps it:
/// which element of which screen version, at which width, and its score.
///
/// Guarantees: made only by `parse(_:)`, so every field is in the range the schema allows; the
/// shapes were checked and are not kept (only their count).
package struct DriftReading: Sendable, Equatable {
    package let screen: String
    package let version: String
    package let element: String
    package let width: Double
    package let score: Double
    package let skeletonHeight: Double
    package let contentHeight: Double
    package let shapeCount: Int
    /// The report's `proposal` (a learned subtree, checked to be an object only: `LearnedScreen`
    /// validates it as a screen file's node; refused unless learning is on).
    package let proposal: JSONValue?

    /// The most shapes a report lists (drift contract: at most 256 entries).
    package static let maxShapes = 256
    /// The widest width and tallest height a report may give, in CSS px or points.
    package static let maxLength = 100_000.0
    /// The largest body parsed: a report over 4 KiB is still parsed up to this size, so that a bad
    /// one gets its 400 naming the field before a good one gets its 413.
    package static let maxParsedBytes = 65_536
    /// The longest id or version string, in Unicode scalars (JSON Schema's `maxLength`).
    package static let maxIdLength = 128
    /// The largest shape index.
    package static let maxShapeIndex = 65_535
    /// The members a report may have, in the contract's order.
    package static let members = ["screen", "version", "element", "width", "score", "skeletonHeight", "contentHeight", "shapes", "proposal"]

    /// Parses and checks a report's bytes strictly: well-formed JSON (no duplicate member), an
    /// object with exactly the contract's members, each of its type and in its range.
    package static func parse(_ bytes: [UInt8]) throws(DriftReportError) -> DriftReading {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 64, maxBytes: maxParsedBytes))
        } catch {
            throw DriftReportError(field: nil, reason: "the body is not JSON: \(error)", allowed: "a JSON object")
        }
        guard case .object(let members) = value else {
            throw DriftReportError(field: nil, reason: "the body is a \(value.typeName)", allowed: "a JSON object")
        }
        for member in members where !Self.members.contains(member.key) {
            throw DriftReportError(field: member.key, reason: "is not a member of a drift report", allowed: Self.members.joined(separator: ", "))
        }
        let screen = try id(value, "screen"), version = try id(value, "version"), element = try id(value, "element")
        let width = try number(value, "width", above: 0, through: maxLength, allowed: "a number above 0 and at most 100000")
        let score = try number(value, "score", from: 0, through: 1)
        let skeletonHeight = try number(value, "skeletonHeight", from: 0, through: maxLength)
        let contentHeight = try number(value, "contentHeight", from: 0, through: maxLength)
        let shapes = try array(value, "shapes")
        guard shapes.count <= maxShapes else {
            throw DriftReportError(field: "shapes", reason: "has \(shapes.count) entries", allowed: "at most \(maxShapes) entries")
        }
        for (index, shape) in shapes.enumerated() { try check(shape: shape, at: index) }
        let proposal = value["proposal"]
        if let proposal, proposal.typeName != "object" {
            throw DriftReportError(field: "proposal", reason: "is a \(proposal.typeName)", allowed: "a screen-file element object")
        }
        return DriftReading(
            screen: screen, version: version, element: element, width: width, score: score,
            skeletonHeight: skeletonHeight, contentHeight: contentHeight, shapeCount: shapes.count, proposal: proposal)
    }

    private static func required(_ object: JSONValue, _ field: String) throws(DriftReportError) -> JSONValue {
        guard let value = object[field] else { throw DriftReportError(field: field, reason: "is missing", allowed: "required") }
        return value
    }

    private static func id(_ object: JSONValue, _ field: String) throws(DriftReportError) -> String {
        guard case .string(let text) = try required(object, field) else {
            throw DriftReportError(field: field, reason: "is a \(try required(object, field).typeName)", allowed: "a string of 1 to \(maxIdLength) characters")
        }
        guard !text.isEmpty, text.unicodeScalars.count <= maxIdLength else {
            throw DriftReportError(field: field, reason: "has \(text.unicodeScalars.count) characters", allowed: "a string of 1 to \(maxIdLength) characters")
        }
        return text
    }

    private static func array(_ object: JSONValue, _ field: String) throws(DriftReportError) -> [JSONValue] {
        let value = try required(object, field)
        guard case .array(let elements) = value else {
            throw DriftReportError(field: field, reason: "is a \(value.typeName)", allowed: "an array of at most \(maxShapes) shape entries")
        }
        return elements
    }

    private static func number(_ object: JSONValue, _ field: String, from low: Double, through high: Double) throws(DriftReportError) -> Double {
        try number(object, field, at: low, through: high, allowed: "a number from \(decimal(low)) to \(decimal(high))")
    }

    private static func number(_ object: JSONValue, _ field: String, above low: Double, through high: Double, allowed: String) throws(DriftReportError) -> Double {
        let value = try number(object, field, at: low, through: high, allowed: allowed)
        guard value > low else { throw DriftReportError(field: field, reason: "is \(decimal(value))", allowed: allowed) }
        return value
    }

    private static func number(_ object: JSONValue, _ field: String, at low: Double, through high: Double, allowed: String) throws(DriftReportError) -> Double {
        let value = try required(object, field)
        guard case .number(let number) = value else { throw DriftReportError(field: field, reason: "is a \(value.typeName)", allowed: allowed) }
        guard number >= low, number <= high else { throw DriftReportError(field: field, reason: "is \(decimal(number))", allowed: allowed) }
        return number
    }

    private static func check(shape: JSONValue, at index: Int) throws(DriftReportError) {
        let field = "shapes[\(index)]"
        guard case .object(let members) = shape else {
            throw DriftReportError(field: field, reason: "is a \(shape.typeName)", allowed: #"an object {"skeleton", "content", "iou"}"#)
        }
        for member in members where !["skeleton", "content", "iou"].contains(member.key) {
            throw DriftReportError(field: "\(field).\(member.key)", reason: "is not a member of a shape entry", allowed: "skeleton, content, iou")
        }
        // An entry with neither index says nothing, and is allowed: the schema (which generated
        // clients must be able to decode) states each index alone.
        _ = try shapeIndex(shape, field, "skeleton")
        _ = try shapeIndex(shape, field, "content")
        _ = try number(shape, "iou", from: 0, through: 1, prefix: field)
    }

    private static func number(_ object: JSONValue, _ member: String, from low: Double, through high: Double, prefix: String) throws(DriftReportError) -> Double {
        do {
            return try number(object, member, from: low, through: high)
        } catch {
            throw DriftReportError(field: "\(prefix).\(member)", reason: error.reason, allowed: error.allowed)
        }
    }

    private static func shapeIndex(_ shape: JSONValue, _ field: String, _ member: String) throws(DriftReportError) -> Int? {
        let allowed = "null or an integer from 0 to \(maxShapeIndex)"
        guard let value = shape[member] else { throw DriftReportError(field: "\(field).\(member)", reason: "is missing", allowed: allowed) }
        switch value {
        case .null:
            return nil
        case .number(let number) where number >= 0 && number <= Double(maxShapeIndex) && number == number.rounded(.towardZero):
            return Int(number)
        default:
            throw DriftReportError(field: "\(field).\(member)", reason: "is \(value.typeName == "number" ? "out of range or not whole" : "a \(value.typeName)")", allowed: allowed)
        }
    }

    private static func decimal(_ value: Double) -> String {
        value == value.rounded(.towardZero) && value.magnitude < 1e15 ? String(Int(value)) : String(value)
    }
}
