/// Maps a method and a path to a handler. Templates are literal segments and `{name}`
/// parameters (`/layouts/{screen}`); a path matches the template with the most literal
/// segments first. Dispatch follows RFC 9110: HEAD is answered by the GET handler (the
/// encoder drops the body, §9.3.2), OPTIONS by a CORS preflight listing the allowed methods
/// (§9.3.7), an unknown path by 404, a known path with another method by 405 with `Allow` (§15.5.6).
///
/// Immutable once the server starts; handlers run on the event loop of their connection.
public struct Router: Sendable {
    public typealias Handler = @Sendable (Request) -> Reply

    private enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    private struct Route: Sendable {
        let template: String
        let segments: [Segment]
        var handlers: [(method: Method, handler: Handler)]
        var allow: String {
            var methods = handlers.map(\.method)
            if methods.contains(.get) && !methods.contains(.head) { methods.append(.head) }
            methods.append(.options)
            return methods.map(\.rawValue).joined(separator: ", ")
        }
    }

    private var routes: [Route] = []
    private var exactRoutes: [String: Int] = [:]
    private var templateRoutes: [Int] = []

    public init() {}

    /// Registers `handler` for `method` on `template`.
    public mutating func add(_ method: Method, _ template: String, _ handler: @escaping Handler) {
        if let index = routes.firstIndex(where: { $0.template == template }) {
            precondition(!routes[index].handlers.contains { $0.method == method }, "\(method.rawValue) \(template) is registered twice")
            routes[index].handlers.append((method, handler))
            return
        }
        precondition(template.hasPrefix("/"), "a route template starts with '/'")
        let segments: [Segment] = template.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
        routes.append(Route(template: template, segments: segments, handlers: [(method, handler)]))
        let index = routes.count - 1
        if segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            exactRoutes[template] = index
        } else {
            let routes = routes
            templateRoutes.append(index)
            templateRoutes.sort { Self.literalCount(routes[$0].segments) > Self.literalCount(routes[$1].segments) }
        }
    }

    /// Registers a GET handler that answers at once.
    public mutating func get(_ template: String, _ handler: @escaping @Sendable (Request) -> Response) {
        add(.get, template) { .response(handler($0)) }
    }

    /// The template a path matches, for metrics and logs; nil when none does.
    public func template(for path: String) -> String? {
        match(path).map { routes[$0.route].template }
    }

    /// Dispatches one request.
    public func reply(to request: Request) -> Reply {
        if request.path == "*" {
            return .response(preflight(allow: "GET, HEAD, OPTIONS", request: request))
        }
        guard let (index, parameters) = match(request.path) else {
            return .response(Problem(status: .notFound, detail: "no route matches '\(request.path)'").response())
        }
        let route = routes[index]
        let method = request.method == .head && !route.handlers.contains(where: { $0.method == .head }) ? .get : request.method
        guard let handler = route.handlers.first(where: { $0.method == method })?.handler else {
            if request.method == .options { return .response(preflight(allow: route.allow, request: request)) }
            var headers = ResponseHeaders()
            headers.add("Allow", route.allow)
            let problem = Problem(status: .methodNotAllowed, detail: "\(request.method.rawValue) is not allowed on \(route.template); allowed: \(route.allow)")
            return .response(problem.response(headers: headers))
        }
        var routed = request
        routed.parameters = parameters
        return handler(routed)
    }

    private func preflight(allow: String, request: Request) -> Response {
        var headers = ResponseHeaders()
        headers.add("Allow", allow)
        headers.add("Access-Control-Allow-Methods", allow)
        if let requested = request.fields["Access-Control-Request-Headers"], requested.utf8.allSatisfy({ isTokenCharacter($0) || $0 == UInt8(ascii: ",") || $0 == space }) {
            headers.add("Access-Control-Allow-Headers", requested)
        }
        headers.add("Access-Control-Max-Age", "86400")
        return Response(status: .noContent, headers: headers)
    }

    private func match(_ path: String) -> (route: Int, parameters: [(name: String, value: String)])? {
        if let index = exactRoutes[path] { return (index, []) }
        for index in templateRoutes {
            if let parameters = Self.match(path, routes[index].segments) { return (index, parameters) }
        }
        return nil
    }

    /// Walks the path's bytes against the segments without splitting it.
    private static func match(_ path: String, _ segments: [Segment]) -> [(name: String, value: String)]? {
        let bytes = path.utf8
        var position = bytes.startIndex
        var parameters: [(name: String, value: String)] = []
        for segment in segments {
            guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "/") else { return nil }
            position = bytes.index(after: position)
            let end = bytes[position...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            let part = bytes[position..<end]
            switch segment {
            case .literal(let literal):
                guard part.elementsEqual(literal.utf8) else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters.append((name, String(Substring(part))))
            }
            position = end
        }
        return position == bytes.endIndex ? parameters : nil
    }

    private static func literalCount(_ segments: [Segment]) -> Int {
        segments.filter { if case .literal = $0 { true } else { false } }.count
    }
}
