import HTTPServer

extension Parameter {
    /// Its value in `request`, by its declared name and place: the decoded path segment, the first
    /// query value, or the header field; nil when absent. The one way a handler reads a parameter,
    /// so that the name it reads is the name the contract describes; in a debug build, read inside
    /// the handler of an operation that does not declare it, it stops the process
    /// (`Operation.assertDeclared`).
    @inline(__always)
    func value(in request: Request) -> String? {
        Operation.assertDeclared(self)
        switch location {
        case .path: return request.parameter(name)
        case .query: return request.queryValue(name)
        case .header: return request.fields[name]
        }
    }

    /// Whether `request` gives it.
    func isGiven(in request: Request) -> Bool {
        value(in: request) != nil
    }

    /// The words of a `choice` parameter.
    var words: [String] {
        guard case .choice(let words) = values else { preconditionFailure("\(component) is not a choice") }
        return words
    }

    /// `text` as the `Value` its declared word names; any other text is its rejection (a 400
    /// naming it and its words).
    func choice<Value: RawRepresentable>(_ text: String, as _: Value.Type = Value.self) throws(Rejection) -> Value where Value.RawValue == String {
        guard words.contains(text), let value = Value(rawValue: text) else { throw rejection(text) }
        return value
    }
}

extension Parameter: Equatable {
    /// The same declaration: its `components/parameters` key, which is unique.
    static func == (left: Parameter, right: Parameter) -> Bool {
        left.component == right.component
    }
}
