import HTTPServer

/// One operation of the API, declared once: the router answers it on `template` (which is also
/// its metrics label), the service index links it as `link`, and the OpenAPI description's path
/// item is written from all of it. Every route the service registers is one of `Operations.all`.
struct Operation: Sendable {
    enum Tag: String, Sendable {
        case layouts, loading, contract, web, drift, meta
    }

    let template: String
    /// GET (so also HEAD and OPTIONS), or POST.
    let method: Method
    let id: String
    /// Its name among the service index's links.
    let link: String
    let tag: Tag
    let summary: String
    let description: String?
    let parameters: [Parameter]
    /// Parameters its handler also reads that the contract does not describe: the older query
    /// forms (`session=`, `at=` on `/loading-state`) kept for the clients that use them, and
    /// `expand` on the frame routes, validated and without effect there.
    let undocumented: [Parameter]
    /// The OpenAPI request body object, for a POST.
    let requestBody: String?
    /// Status (or `default`) and OpenAPI response object, in order; every operation also has the
    /// `default` problem response. Made only when the description is written, since the examples
    /// in them are served documents, the index among them, which is made of `Operations.all`.
    let responses: @Sendable () -> [OpenAPIResponses.Entry]

    init(template: String, method: Method = .get, id: String, link: String, tag: Tag, summary: String, description: String? = nil,
         parameters: [Parameter] = [], undocumented: [Parameter] = [], requestBody: String? = nil, responses: @autoclosure @escaping @Sendable () -> [OpenAPIResponses.Entry]) {
        self.template = template
        self.method = method
        self.requestBody = requestBody
        self.id = id
        self.link = link
        self.tag = tag
        self.summary = summary
        self.description = description
        self.parameters = parameters
        self.undocumented = undocumented
        self.responses = responses
    }

    /// Its OpenAPI operation object, as a member of its path item: `"get": {…}`.
    var operationMember: String {
        let description = description.map { #", "description": \#(JSONText.string($0))"# } ?? ""
        let body = requestBody.map { #", "requestBody": \#($0)"# } ?? ""
        let responses = (responses() + [OpenAPIResponses.problem]).map { #"\#(JSONText.string($0.status)): \#($0.object)"# }
        return #"""
            "\#(method.rawValue.lowercased())": {"operationId": \#(JSONText.string(id)), "tags": ["\#(tag.rawValue)"], "summary": \#(JSONText.string(summary))\#(description),
              "parameters": [\#(parameters.map(\.reference).joined(separator: ", "))]\#(body),
              "responses": {
                \#(responses.joined(separator: ",\n    "))
              }}
            """#
    }

    /// The OpenAPI `paths` members of `operations`: one path item per template, in order of first
    /// appearance, holding the operation of each of its methods.
    static func pathItems(_ operations: [Operation]) -> String {
        var templates: [String] = []
        for operation in operations where !templates.contains(operation.template) { templates.append(operation.template) }
        return templates.map { template in
            let members = operations.filter { $0.template == template }.map(\.operationMember)
            return "\(JSONText.string(template)): {\(members.joined(separator: ", "))}"
        }.joined(separator: ",\n")
    }
}

extension Router {
    /// Registers `respond` for POST on the operation's template.
    mutating func post(_ operation: Operation, _ respond: @escaping @Sendable (Request) -> Response) {
        precondition(operation.method == .post, "\(operation.id) is not a POST")
        let respond = operation.checkingDeclarations(respond)
        add(.post, operation.template) { request in .response(respond(request)) }
    }

    /// Registers `handler` for GET (so HEAD and OPTIONS) on the operation's template.
    mutating func add(_ operation: Operation, _ handler: @escaping Handler) {
        add(.get, operation.template, operation.checkingDeclarations(handler))
    }

    /// Registers `respond` for GET (so HEAD and OPTIONS) on the operation's template.
    mutating func get(_ operation: Operation, _ respond: @escaping @Sendable (Request) -> Response) {
        get(operation.template, operation.checkingDeclarations(respond))
    }
}
