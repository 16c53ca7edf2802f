import Glibc

/// Maps a method and a path to a handler. A template is a literal path (`/layouts`) or a literal
/// prefix and then whole segments, each a `{name}` parameter matching one non-empty segment or a
/// literal (`/layouts/{screen}`, `/data/{screen}/{element}`, `/loading-state/{session}/events`);
/// literal templates match first, then the longest prefix, then the most literal segments. Dispatch follows RFC 9110: HEAD is answered by the GET handler
/// (the encoder drops the body, §9.3.2), OPTIONS by a CORS preflight listing the allowed methods
/// (§9.3.7), an unknown path by 404, a known path with another method by 405 with `Allow` (§15.5.6).
///
/// Immutable once the server starts; handlers run on the event loop of their connection.
/// Matching compares the path's bytes with a flat table of the templates' bytes: no splitting,
/// no hashing, no reference counting per route. A path meets only the literal templates of its
/// length, then the templates with parameters.
package struct Router: Sendable {
    package typealias Handler = @Sendable (Request) -> Reply

    private struct Route: Sendable {
        let template: String
        /// The parameters' names, joined by `/`, when the template ends in any.
        let parameter: String?
        var handlers: [(method: Method, action: Action)]
        var allow: String
    }

    /// What a route runs for a method: a handler that answers at once (`get`), called directly
    /// rather than through a closure that wraps its response, or one that may defer (`add`).
    private enum Action: Sendable {
        case respond(@Sendable (Request) -> Response)
        case reply(Handler)
    }

    /// Where a route's literal bytes sit in `literals`, and its segments after them in `segments`:
    /// plain values, so that walking the keys retains nothing.
    private struct Key: Sendable {
        let route: Int
        let start: Int
        let count: Int
        /// The segments after the literal prefix: `segments[segmentStart..<segmentStart + segmentCount]` (none: a literal template).
        let segmentStart: Int
        let segmentCount: Int
        let literalSegments: Int
    }

    /// A segment after a template's literal prefix: a parameter, or literal bytes in `literals`.
    private enum Segment: Sendable, Equatable {
        case parameter
        case literal(start: Int, count: Int)
    }

    /// The routes and their matching tables, behind one reference: the event loop copies its
    /// router to call it, which then retains one object per request rather than each table.
    /// Immutable: `add` makes a new one (at start-up only), so reading it needs no exclusivity check.
    private final class Tables: Sendable {
        let routes: [Route]
        /// The literal templates' keys in order of byte count: those of `n` bytes (the only paths
        /// they can match) are `literalKeys[literalStarts[n]..<literalStarts[n + 1]]`.
        let literalKeys: [Key]
        let literalStarts: [Int]
        /// The keys of templates ending in parameters, the longest literal prefix first.
        let parameterKeys: [Key]
        let segments: [Segment]
        let literals: [UInt8]

        init(routes: [Route] = [], literalKeys: [Key] = [], literalStarts: [Int] = [0], parameterKeys: [Key] = [], segments: [Segment] = [], literals: [UInt8] = []) {
            self.routes = routes
            self.literalKeys = literalKeys
            self.literalStarts = literalStarts
            self.parameterKeys = parameterKeys
            self.segments = segments
            self.literals = literals
        }
    }

    private var tables = Tables()

    package init() {}

    /// The templates in registration order: route `i`'s metrics label (`RouteSlot`).
    package var templates: [String] { tables.routes.map(\.template) }

    /// Registers `handler` for `method` on `template`.
    package mutating func add(_ method: Method, _ template: String, _ handler: @escaping Handler) {
        register(method, template, .reply(handler))
    }

    /// Registers a GET handler that answers at once.
    package mutating func get(_ template: String, _ handler: @escaping @Sendable (Request) -> Response) {
        register(.get, template, .respond(handler))
    }

    private mutating func register(_ method: Method, _ template: String, _ action: Action) {
        precondition(template.hasPrefix("/"), "a route template starts with '/'")
        var (routes, literalKeys, literalStarts) = (tables.routes, tables.literalKeys, tables.literalStarts)
        var (parameterKeys, allSegments, literals) = (tables.parameterKeys, tables.segments, tables.literals)
        defer {
            tables = Tables(routes: routes, literalKeys: literalKeys, literalStarts: literalStarts, parameterKeys: parameterKeys, segments: allSegments, literals: literals)
        }
        if let index = routes.firstIndex(where: { $0.template == template }) {
            precondition(!routes[index].handlers.contains { $0.method == method }, "\(method.rawValue) \(template) is registered twice")
            routes[index].handlers.append((method, action))
            routes[index].allow = Self.allow(routes[index].handlers.map(\.method))
            return
        }
        var literal = Substring(template)
        var names: [String] = []
        var segments: [Segment] = []
        var segmentLiterals: [UInt8] = []
        if let open = template.firstIndex(of: "{") {
            literal = template[..<open]
            precondition(literal.hasSuffix("/"), "a template's parameters are whole segments: \(template)")
            let start = literals.count + literal.utf8.count
            for segment in template[open...].split(separator: "/", omittingEmptySubsequences: false) {
                if segment.hasPrefix("{") {
                    precondition(segment.hasSuffix("}") && segment.count > 2 && !segment.dropFirst().dropLast().contains { "{}".contains($0) },
                                 "a template's parameters are whole segments: \(template)")
                    names.append(String(segment.dropFirst().dropLast()))
                    segments.append(.parameter)
                } else {
                    precondition(!segment.isEmpty && !segment.contains { "{}%".contains($0) }, "a template's literal segments are plain and non-empty: \(template)")
                    segments.append(.literal(start: start + segmentLiterals.count, count: segment.utf8.count))
                    segmentLiterals += segment.utf8
                }
            }
        }
        let parameter = names.isEmpty ? nil : names.joined(separator: "/")
        routes.append(Route(template: template, parameter: parameter, handlers: [(method, action)], allow: Self.allow([method])))
        let key = Key(route: routes.count - 1, start: literals.count, count: literal.utf8.count, segmentStart: allSegments.count,
                      segmentCount: segments.count, literalSegments: segments.count { $0 != .parameter })
        literals += literal.utf8
        literals += segmentLiterals
        allSegments += segments
        if names.isEmpty {
            literalKeys.append(key)
            literalKeys.sort { $0.count < $1.count }
            literalStarts = (0...(literalKeys.last!.count + 1)).map { count in literalKeys.firstIndex { $0.count >= count } ?? literalKeys.count }
        } else {
            parameterKeys.append(key)
            parameterKeys.sort { ($0.count, $0.literalSegments) > ($1.count, $1.literalSegments) }
        }
    }

    /// Dispatches one request, setting its route parameter in place (no copy of the request).
    package func reply(to request: inout Request) -> Reply {
        // The count first: it spares every other path a call to compare strings.
        if request.path.utf8.count == 1 && request.path == "*" {
            return .response(preflight(allow: "GET, HEAD, OPTIONS", request: request))
        }
        let index: Int
        switch match(&request) {
        case .route(let route):
            index = route
            request.routeSlot = RouteSlot.route(route)
        case .none:
            return .response(Problem(.noRoute, detail: "no route matches '\(request.path)'").response())
        case .badSegment(let detail):
            return .response(Problem(.malformedPath, detail: detail).response())
        }
        if request.hasQueryEscapes, let defect = Query.defect(in: request.query) {
            let problem = Problem(.malformedQuery, detail: "query parameter '\(defect.parameter)': \(defect.reason)",
                                  extensions: [("parameter", .string(defect.parameter))])
            return .response(problem.response())
        }
        let wanted = request.method == .head ? Method.get : request.method
        for entry in tables.routes[index].handlers where entry.method == request.method || entry.method == wanted {
            switch entry.action {
            case .respond(let respond): return .response(respond(request))
            case .reply(let reply): return reply(request)
            }
        }
        let allow = tables.routes[index].allow
        if request.method == .options { return .response(preflight(allow: allow, request: request)) }
        var headers = ResponseHeaders()
        headers.add("Allow", allow)
        let problem = Problem(.methodNotAllowed, detail: "\(request.method.rawValue) is not allowed on \(tables.routes[index].template); allowed: \(allow)")
        return .response(problem.response(headers: headers))
    }

    /// The template of the route in metrics slot `slot` (`LoopMetrics.RouteSlot`) when it is
    /// literal: then it has the very bytes of every path it matched, so that a request kept for
    /// long (`Exchange`) holds the template's string rather than a copy of its own.
    func literalTemplate(ofSlot slot: Int) -> String? {
        let index = slot - LoopMetrics.RouteSlot.route(0)
        guard tables.routes.indices.contains(index), tables.routes[index].parameter == nil else { return nil }
        return tables.routes[index].template
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

    private enum Match {
        case route(Int)
        case none
        /// The parameter segment's decoding is not UTF-8, or has a `/` or NUL: `detail` says which.
        case badSegment(String)
    }

    /// The route matching the request's path; sets the request's route parameter, percent-decoded.
    private func match(_ request: inout Request) -> Match {
        var parameter: RouteParameter?
        let found: Match = request.path.withUTF8Bytes { path in
            tables.literals.withUnsafeBufferPointer { literals in tables.segments.withUnsafeBufferPointer { segments in
                if path.count + 1 < tables.literalStarts.count {
                    for index in tables.literalStarts[path.count]..<tables.literalStarts[path.count + 1] {
                        let key = tables.literalKeys[index]
                        if memcmp(path.baseAddress!, literals.baseAddress! + key.start, key.count) == 0 { return .route(key.route) }
                    }
                }
                // The first `/` after a prefix of `slashFrom` bytes: found once for the templates of one
                // prefix (they are next to each other), it tells one segment from several.
                var slashFrom = -1
                var slash = 0
                for key in tables.parameterKeys {
                    guard path.count > key.count, memcmp(path.baseAddress!, literals.baseAddress! + key.start, key.count) == 0 else { continue }
                    if slashFrom != key.count {
                        slashFrom = key.count
                        slash = Self.slash(in: path, from: key.count)
                    }
                    // One segment where the template has several (`/layouts/home` beside `/layouts/{screen}/frames`), or the reverse: no walk.
                    guard (slash == path.count) == (key.segmentCount == 1) else { continue }
                    let tail = UnsafeBufferPointer(rebasing: path[key.count...])
                    let value: String
                    if key.segmentCount == 1 {
                        guard let decoded = Self.decodedSegment(tail) else { return Self.badSegment(tail) }
                        value = decoded
                    } else {
                        let shape = UnsafeBufferPointer(rebasing: segments[key.segmentStart..<key.segmentStart + key.segmentCount])
                        switch Self.parameters(in: tail, firstEnd: slash - key.count, shaped: shape, literals: literals) {
                        case .mismatch: continue
                        case .bad(let segment): return Self.badSegment(segment)
                        case .values(let joined): value = joined
                        }
                    }
                    parameter = RouteParameter(name: tables.routes[key.route].parameter!, value: value)
                    return .route(key.route)
                }
                return .none
            } }
        }
        request.routeParameter = parameter
        return found
    }

    private enum Segments {
        case mismatch
        /// A parameter segment that does not decode (`decodedSegment`).
        case bad(UnsafeBufferPointer<UInt8>)
        /// The parameter segments' values, decoded and joined by `/`.
        case values(String)
    }

    /// Matches the path after a template's literal prefix against its segments: first the shape
    /// (as many segments, none empty, the literal ones equal), then each parameter decoded.
    /// Segment by segment, each end found eight bytes at a time, stopping at the first that does
    /// not fit (`/layouts/home/frames` leaves `/layouts/{screen}/elements/{element}/frames` at
    /// `frames`), with nothing allocated before a match: a path meets every template of its
    /// prefix. One parameter (`/layouts/{screen}/frames`) is decoded where the shape's pass found it.
    /// `firstEnd` is where the first segment ends, which the caller has found.
    private static func parameters(in tail: UnsafeBufferPointer<UInt8>, firstEnd: Int, shaped segments: UnsafeBufferPointer<Segment>,
                                   literals: UnsafeBufferPointer<UInt8>) -> Segments {
        let base = tail.baseAddress!
        var index = 0
        var parameterCount = 0
        var lastParameter = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var start = 0
        var end = firstEnd
        while true {
            if index > 0 { end = slash(in: tail, from: start) }
            guard end > start else { return .mismatch }
            switch segments[index] {
            case .literal(let literalStart, let count):
                guard count == end - start, memcmp(base + start, literals.baseAddress! + literalStart, count) == 0 else { return .mismatch }
            case .parameter:
                parameterCount += 1
                lastParameter = UnsafeBufferPointer(start: base + start, count: end - start)
            }
            index += 1
            if end == tail.count { break }
            guard index < segments.count else { return .mismatch }
            start = end + 1
        }
        guard index == segments.count else { return .mismatch }
        if parameterCount == 1 {
            return decodedSegment(lastParameter).map { .values($0) } ?? .bad(lastParameter)
        }
        var joined = ""
        var bad: UnsafeBufferPointer<UInt8>?
        index = 0
        forEachSegment(of: tail) { segment in
            defer { index += 1 }
            guard segments[index] == .parameter else { return true }
            guard let text = decodedSegment(segment) else {
                bad = segment
                return false
            }
            if !joined.isEmpty { joined += "/" }  // a decoded segment is never empty
            joined += text
            return true
        }
        return bad.map { .bad($0) } ?? .values(joined)
    }

    /// The position of the first `/` of `bytes` from `start` (`bytes.count` when there is none),
    /// looked for eight bytes at a time, then byte by byte in the last few.
    @inline(__always)
    private static func slash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while bytes.count - index >= 8 {
            let found = ByteWord.equal(ByteWord.load(bytes.baseAddress! + index, count: 8), UInt8(ascii: "/"))
            if found != 0 { return index + ByteWord.first(found) }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") { return index }
            index += 1
        }
        return bytes.count
    }

    /// Calls `body` with each `/`-separated segment of `bytes`, empty ones too, until it returns false.
    private static func forEachSegment(of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        var start = 0
        for position in 0...bytes.count where position == bytes.count || bytes[position] == UInt8(ascii: "/") {
            guard body(UnsafeBufferPointer(rebasing: bytes[start..<position])) else { return }
            start = position + 1
        }
    }

    private static func badSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Match {
        .badSegment("the path segment '\(String(decoding: segment, as: UTF8.self))' must decode to UTF-8 text without '/' or NUL")
    }

    /// A route parameter's text: its segment percent-decoded; nil when that is not UTF-8 or has a `/` or NUL.
    private static func decodedSegment(_ segment: UnsafeBufferPointer<UInt8>) -> String? {
        guard PercentEncoding.needsDecoding(segment, plusIsSpace: false) else { return String(utf8: UnsafeRawBufferPointer(segment)) }
        guard let text = PercentEncoding.decodedText(segment, plusIsSpace: false),
              !text.utf8.contains(UInt8(ascii: "/")), !text.utf8.contains(0) else { return nil }
        return text
    }

    private static func allow(_ methods: [Method]) -> String {
        var methods = methods
        if methods.contains(.get) && !methods.contains(.head) { methods.append(.head) }
        methods.append(.options)
        return methods.map(\.rawValue).joined(separator: ", ")
    }
}
