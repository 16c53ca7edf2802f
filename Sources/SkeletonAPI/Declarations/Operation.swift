import HTTPServer

/// One operation of the API, declared once: the router answers it on `template` (which is also
/// its metrics label), the service index links it as `link`, and the OpenAPI description's path
/// item is written from all of it. Every route the service registers is one of `Operations.all`.
struct Operation: Sendable {
    enum Tag: String, Sendable {
        case layouts, loading, contract, web, meta
    }

    let template: String
    let id: String
    /// Its name among the service index's links.
    let link: String
    let tag: Tag
    let summary: String
    let description: String?
    let parameters: [Parameter]
    /// Status (or `default`) and OpenAPI response object, in order; every operation also has the
    /// `default` problem response. Made only when the description is written, since the examples
    /// in them are served documents, the index among them, which is made of `Operations.all`.
    let responses: @Sendable () -> [OpenAPIResponses.Entry]

    init(template: String, id: String, link: String, tag: Tag, summary: String, description: String? = nil,
         parameters: [Parameter] = [], responses: @autoclosure @escaping @Sendable () -> [OpenAPIResponses.Entry]) {
        self.template = template
        self.id = id
        self.link = link
        self.tag = tag
        self.summary = summary
        self.description = description
        self.parameters = parameters
        self.responses = responses
    }

    /// Its OpenAPI path item: `"TEMPLATE": {"get": {…}}`.
    var pathItem: String {
        let description = description.map { #", "description": \#(JSONText.string($0))"# } ?? ""
        let responses = (responses() + [OpenAPIResponses.problem]).map { #"\#(JSONText.string($0.status)): \#($0.object)"# }
        return #"""
            \#(JSONText.string(template)): {"get": {"operationId": \#(JSONText.string(id)), "tags": ["\#(tag.rawValue)"], "summary": \#(JSONText.string(summary))\#(description),
              "parameters": [\#(parameters.map(\.reference).joined(separator: ", "))],
              "responses": {
                \#(responses.joined(separator: ",\n    "))
              }}}
            """#
    }
}

extension Router {
    /// Registers `handler` for GET (so HEAD and OPTIONS) on the operation's template.
    mutating func add(_ operation: Operation, _ handler: @escaping Handler) {
        add(.get, operation.template, handler)
    }

    /// Registers `respond` for GET (so HEAD and OPTIONS) on the operation's template.
    mutating func get(_ operation: Operation, _ respond: @escaping @Sendable (Request) -> Response) {
        get(operation.template, respond)
    }
}
