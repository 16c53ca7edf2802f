import HTTPServer

/// A `choice` (or `boolean`) parameter's values as `Value`s, matched as bytes in a query
/// (`QueryChoices`): what a route that reads the parameter on every request keeps, so that it
/// neither spells the words nor makes a string to read one.
///
/// Guarantees: the words are the declaration's, in its order; every word is a `Value` and every
/// `Value` a word (checked when it is made). A class, so that a `static let` of it is read by
/// reference, not copied with its arrays.
final class DeclaredChoices<Value: Sendable>: Sendable {
    private let choices: QueryChoices
    private let cases: [Value]

    init(_ parameter: Parameter) where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
        choices = QueryChoices(parameter.words)
        cases = parameter.words.map { word in
            guard let value = Value(rawValue: word) else { preconditionFailure("\(parameter.component) declares '\(word)', which no \(Value.self) is") }
            return value
        }
        precondition(cases.count == Value.allCases.count, "\(parameter.component) does not declare every \(Value.self)")
    }

    /// A `boolean` parameter's `true` and `false`.
    init(boolean parameter: Parameter) where Value == Bool {
        guard case .boolean = parameter.values else { preconditionFailure("\(parameter.component) is not a boolean") }
        choices = QueryChoices(Parameter.booleanWords)
        cases = [true, false]  // in the order of `Parameter.booleanWords`
    }

    /// The value a query text names; nil when it is none of the words.
    @inline(__always)
    func value(_ text: QueryText) -> Value? {
        text.index(in: choices).map { cases[$0] }
    }
}
