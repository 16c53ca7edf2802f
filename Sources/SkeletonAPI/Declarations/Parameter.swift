import HTTPServer

/// A parameter of the API's operations, declared once: its OpenAPI parameter object
/// (`components/parameters`), its values' schema, and the 400 problem a bad value of it gets
/// are all made of this declaration, so the parsers and the description cannot disagree.
///
/// A class: a handler reads a declaration (`value(in:)`) on every request, and a reference is
/// borrowed where a struct of strings and arrays was copied field by field.
final class Parameter: Sendable {
    enum Location: String, Sendable {
        case path, query, header
    }

    /// The values a parameter takes.
    enum Values: Sendable {
        /// One of these words.
        case choice([String])
        /// An integer in plain decimal digits within the range; `unit` says what it counts.
        case integer(ClosedRange<Int>, unit: String)
        /// `true` or `false`.
        case boolean
        /// Described by the schema component of this name, read by its route's own parser (a
        /// screen id, a session token, a header field).
        case schema(String)
    }

    /// Its key in `components/parameters`.
    let component: String
    let name: String
    let location: Location
    let values: Values
    let required: Bool
    /// The default as JSON text, when its absence means a value.
    let defaultValue: String?
    let description: String?
    /// A value as JSON text, for tools that make requests from the description.
    let example: String?

    init(component: String, name: String, location: Location, values: Values, required: Bool = false,
         defaultValue: String? = nil, description: String? = nil, example: String? = nil) {
        self.component = component
        self.name = name
        self.location = location
        self.values = values
        self.required = required
        self.defaultValue = defaultValue
        self.description = description
        self.example = example
    }

    /// A `boolean` parameter's values, as a query gives them.
    static let booleanWords = ["true", "false"]

    /// `{"$ref": "#/components/parameters/COMPONENT"}`.
    var reference: String {
        ##"{"$ref": "#/components/parameters/\##(component)"}"##
    }

    /// The JSON Schema of its values, with `description` when one is given.
    func schema(description: String? = nil) -> String {
        let defaultMember = (defaultValue.map { #", "default": \#($0)"# } ?? "") + (description.map { #", "description": \#(JSONText.string($0))"# } ?? "")
        switch values {
        case .choice(let words): return #"{"type": "string", "enum": \#(JSONText.strings(words))\#(defaultMember)}"#
        case .integer(let range, _):
            let format = range.upperBound > Int(Int32.max) ? #", "format": "int64""# : ""
            return #"{"type": "integer"\#(format), "minimum": \#(range.lowerBound), "maximum": \#(range.upperBound)\#(defaultMember)}"#
        case .boolean: return #"{"type": "boolean"\#(defaultMember)}"#
        case .schema(let component): return ##"{"$ref": "#/components/schemas/\##(component)"}"##
        }
    }

    /// Its OpenAPI parameter object, as a `components/parameters` member.
    var openAPIMember: String {
        var members = [#""name": \#(JSONText.string(name))"#, #""in": "\#(location.rawValue)""#, #""required": \#(required)"#, #""schema": \#(schema())"#]
        if let example { members.append(#""example": \#(example)"#) }
        if let description { members.append(#""description": \#(JSONText.string(description))"#) }
        return "\(JSONText.string(component)): {\(members.joined(separator: ", "))}"
    }

    /// What its values are, in words, as a problem's `allowed` says it.
    var allowedInWords: String {
        switch values {
        case .choice(let words): words.joined(separator: ", ")
        case .integer(let range, let unit): "an integer of \(unit) from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: Self.booleanWords.joined(separator: ", ")
        case .schema(let component): "a \(component)"
        }
    }

    /// The 400 a value outside its values gets: the problem names the parameter and its values.
    func rejection(_ value: String) -> Rejection {
        let response = switch values {
        case .choice(let words): ProblemResponses.badParameter(name, value, allowed: words)
        case .boolean: ProblemResponses.badParameter(name, value, allowed: Self.booleanWords)
        case .integer, .schema: ProblemResponses.badRange(name, value, allowedInWords)
        }
        return Rejection(response: response)
    }

    /// The 400 its absence gets, when it is required.
    var missing: Rejection {
        Rejection(response: ProblemResponses.missing(name, allowedInWords))
    }

    /// The range of an integer parameter's values; nil for the others.
    var integers: ClosedRange<Int>? {
        guard case .integer(let range, _) = values else { return nil }
        return range
    }

    /// A query value as one of its integers (plain decimal digits within its range), read
    /// without allocating; nil when it is not one.
    func integer(_ value: QueryText) -> Int? {
        integers.flatMap { Self.integer(value, in: $0) }
    }

    /// A query value as an integer of `range` (an integer parameter's `integers`, kept by a route
    /// that reads it on every request, so that it does not copy the declaration each time).
    @inline(__always)
    static func integer(_ value: QueryText, in range: ClosedRange<Int>) -> Int? {
        guard let number = value.wholeNumber(maxDigits: 16), range.contains(number) else { return nil }
        return number
    }

    /// `text` as one of its integers: at most 16 plain decimal digits within its range, else its rejection.
    func integer(_ text: String) throws(Rejection) -> Int {
        guard case .integer(let range, _) = values, text.utf8.count <= 16, text.utf8.allSatisfy({ (48...57).contains($0) }),
              let number = Int(text), range.contains(number) else { throw rejection(text) }
        return number
    }
}
