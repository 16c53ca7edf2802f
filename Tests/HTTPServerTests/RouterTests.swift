import Testing
@testable import HTTPServer

/// Dispatch without sockets: the same router the live server runs.
@Suite struct RouterTests {
    let router: Router = {
        var router = Router()
        router.get("/layouts") { _ in Response(body: Array("index".utf8)) }
        router.get("/layouts/{screen}") { request in Response(body: Array("screen \(request.parameter("screen")!)".utf8)) }
        router.get("/layouts/special") { _ in Response(body: Array("special".utf8)) }
        router.get("/data/{screen}/{element}") { request in
            Response(body: Array("\(request.parameter("screen")!) \(request.parameter("element")!)".utf8))
        }
        // The service's templates that the wire rules below name (SkeletonAPI registers the same).
        router.get("/healthz") { _ in Response(body: Array("ok".utf8)) }
        router.get("/themes/{theme}") { request in Response(body: Array("theme \(request.parameter("theme")!)".utf8)) }
        router.add(.get, "/loading-state") { request in
            .response(Response(body: Array("screen \(request.queryValue("screen") ?? "-") seed \(request.queryValue("seed") ?? "-")".utf8)))
        }
        router.add(.get, "/loading-state/events") { _ in .response(Response()) }
        router.get("/loading-state/timeline") { _ in Response() }
        router.get("/loading-state/{session}") { request in Response(body: Array("state \(request.parameter("session")!)".utf8)) }
        router.get("/loading-state/{session}/events") { request in Response(body: Array("events \(request.parameter("session")!)".utf8)) }
        router.get("/loading-state/{session}/data/{element}") { request in
            Response(body: Array("data \(request.parameter("session")!) \(request.parameter("element")!)".utf8))
        }
        router.get("/loading-state/{session}/{view}") { request in Response(body: Array("view \(request.parameter("view")!)".utf8)) }
        return router
    }()

    func body(_ method: Method, _ path: String) -> (Status, String, ResponseHeaders) {
        let response = response(method, path)
        return (response.status, String(decoding: response.body, as: UTF8.self), response.headers)
    }

    func response(_ method: Method, _ path: String) -> Response {
        var request = Request(method: method, path: path)
        guard case .response(let response) = router.reply(to: &request) else {
            Issue.record("deferred")
            return Response(status: .internalServerError)
        }
        return response
    }

    /// The response to a request head as it comes off the wire: parsed, then dispatched, as the
    /// event loop does (a head the parser refuses never reaches a router: RequestParserTests).
    func served(_ head: String) throws -> Response {
        let limits = RequestLimits()
        let outcome = try Array(head.utf8).withUnsafeBytes { try RequestParser.parse($0, limits: limits, scratch: RequestParser.Scratch(limits: limits)) }
        guard case .complete(var request, _, _) = outcome, case .response(let response) = router.reply(to: &request) else {
            Issue.record("incomplete or deferred: \(head)")
            return Response(status: .internalServerError)
        }
        return response
    }

    /// The body of a problem response (`application/problem+json`) as text.
    func problem(_ response: Response, _ status: Status, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.headers["Content-Type"] == "application/problem+json", sourceLocation: sourceLocation)
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func matchesLiteralsBeforeParameters() {
        #expect(body(.get, "/layouts").1 == "index")
        #expect(body(.get, "/layouts/home").1 == "screen home")
        #expect(body(.get, "/layouts/special").1 == "special")
    }

    @Test func literalSegmentsMayFollowParameters() {
        #expect(body(.get, "/loading-state/tok.en").1 == "state tok.en")
        #expect(body(.get, "/loading-state/tok.en/events").1 == "events tok.en")
        #expect(body(.get, "/loading-state/tok%2Een/data/poster%5B0%5D").1 == "data tok.en poster[0]")
        // Literal templates first, then the most literal segments among templates of one prefix.
        #expect(body(.get, "/loading-state/events").1 == "")
        #expect(body(.get, "/loading-state/tok.en/eventz").1 == "view eventz")
        // A literal segment is matched exactly, not decoded; an empty segment matches nothing.
        #expect(body(.get, "/loading-state/tok.en/data/x/y").0 == .notFound)
        #expect(body(.get, "/loading-state/tok.en/data/").0 == .notFound)
        #expect(body(.get, "/loading-state//events").0 == .notFound)
        // A bad segment is refused only once the template's shape matched.
        #expect(problem(response(.get, "/loading-state/%FF/events"), .badRequest).contains("/problems/malformed-path"))
    }

    @Test func aTemplateMayEndInSeveralParametersEachOneSegmentDecoded() {
        #expect(body(.get, "/data/movies/poster%5B0%5D").1 == "movies poster[0]")
        #expect(body(.get, "/data/home/a%20b").1 == "home a b")
        #expect(body(.get, "/data/home").0 == .notFound)
        #expect(body(.get, "/data/home/").0 == .notFound)
        #expect(body(.get, "/data//x").0 == .notFound)
        #expect(body(.get, "/data/home/x/y").0 == .notFound)
        #expect(body(.get, "/data/home/a%2Fb").0 == .badRequest)
    }

    @Test func unmatchedPathsAre404() {
        #expect(body(.get, "/layouts/").0 == .notFound)
        #expect(body(.get, "/layouts/home/extra").0 == .notFound)
        #expect(body(.get, "/layoutsx").0 == .notFound)
        #expect(body(.get, "//layouts").0 == .notFound)
    }

    @Test func headUsesTheGetHandler() {
        #expect(body(.head, "/layouts/home").1 == "screen home")
    }

    @Test func otherMethodsAre405WithAllow() {
        let (status, _, headers) = body(.post, "/layouts/home")
        #expect(status == .methodNotAllowed)
        #expect(headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(headers["Content-Type"] == "application/problem+json")
    }

    @Test func optionsIsAPreflight() {
        let (status, _, headers) = body(.options, "/layouts/home")
        #expect(status == .noContent)
        #expect(headers["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS")
    }

    @Test func decodesTheParameterAfterMatching() {
        #expect(body(.get, "/layouts/h%C3%A9").1 == "screen hé")
        #expect(body(.get, "/layouts%2Fhome").0 == .notFound)
    }

    @Test func refusesAParameterDecodingToSlashNulOrNonUTF8() {
        for path in ["/layouts/a%2Fb", "/layouts/a%00", "/layouts/%FF"] {
            let (status, body, _) = body(.get, path)
            #expect(status == .badRequest, "\(path)")
            #expect(body.contains("path segment"), "\(path)")
        }
    }

    @Test func anUnknownPathIsA404ProblemNamingIt() throws {
        let body = problem(try served("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n"), .notFound)
        #expect(body.contains(#""status":404,"detail":"no route matches '/nope'""#))
    }

    @Test(arguments: ["DELETE", "POST", "QUERY", "PROPFIND", "MKCOL", "VERSION-CONTROL"])
    func aRegisteredMethodARouteDoesNotServeIs405WithAllow(method: String) throws {
        for path in ["/healthz", "/layouts/home"] {
            let response = try served("\(method) \(path) HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
            _ = problem(response, .methodNotAllowed)
            #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS", "\(method) \(path)")
        }
    }

    @Test func optionsIsACORSPreflightEchoingTheRequestedHeaders() throws {
        let preflight = try served("OPTIONS /healthz HTTP/1.1\r\nHost: t\r\nOrigin: https://app.example\r\n"
                                   + "Access-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: if-none-match, last-event-id\r\n\r\n")
        #expect(preflight.status == .noContent)
        #expect(preflight.body.isEmpty)
        #expect(preflight.headers["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS")
        #expect(preflight.headers["Access-Control-Allow-Headers"] == "if-none-match, last-event-id")
        // As sent: the server's CORS fields, which every response carries, and no body or length.
        var batch = ResponseBatch(capacity: 4)
        let configuration = ServerConfiguration()
        ResponseEncoder(serverName: configuration.serverName, corsOrigin: configuration.corsOrigin,
                        exposedFields: configuration.corsExposedFields)
            .encode(preflight, includeBody: true, version: .http11, keepAlive: true, date: [], into: &batch)
        let wire = String(decoding: batch.bytes(from: 0), as: UTF8.self)
        #expect(wire.hasPrefix("HTTP/1.1 204 ") && wire.hasSuffix("\r\n\r\n"))
        #expect(wire.contains("\r\nAccess-Control-Allow-Origin: *\r\n"))
        #expect(!wire.contains("Content-Length"))
    }

    @Test func anEncodedSlashIsNotAPathSeparatorAndAnEncodedUnreservedCharacterIsThatCharacter() throws {
        #expect(try served("GET /layouts%2Fhome HTTP/1.1\r\nHost: t\r\n\r\n").status == .notFound)
        #expect(try served("GET /layouts%2fhome HTTP/1.1\r\nHost: t\r\n\r\n").status == .notFound)
        #expect(String(decoding: try served("GET /layouts/%68ome HTTP/1.1\r\nHost: t\r\n\r\n").body, as: UTF8.self) == "screen home")
        let unreserved = try served("GET /layout%73/home HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(unreserved.status == .ok)
        #expect(String(decoding: unreserved.body, as: UTF8.self) == "screen home")
    }

    @Test(arguments: ["a%2Fb", "home%00", "%FF", "%C3"])
    func aPathSegmentDecodingToSlashNulOrNonUTF8IsA400NamingIt(segment: String) throws {
        let body = problem(try served("GET /layouts/\(segment) HTTP/1.1\r\nHost: t\r\n\r\n"), .badRequest)
        #expect(body.contains("the path segment '\(segment)'"))
    }

    @Test(arguments: [
        ("/layouts/home?theme=%zz", "theme"),
        ("/layouts/home?theme=dark&motion=%", "motion"),
        ("/loading-state?screen=home&seed=%zz&at=5", "seed"),
        ("/loading-state?screen=home&seed=%C3&at=5", "seed"),
        ("/loading-state/timeline?screen=home&scenario=%FFslow", "scenario"),
        ("/loading-state/events?screen=home&se%zzed=1", "se%zzed"),
        ("/healthz?x=%4", "x"),
        ("/themes/dark?unknown=%FE%FF", "unknown"),
    ])
    func aMalformedQueryParameterIsA400NamingIt(target: String, parameter: String) throws {
        let body = problem(try served("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n"), .badRequest)
        #expect(body.contains(#""parameter":"\#(parameter)""#))
        #expect(body.contains(#""detail":"query parameter '\#(parameter)': "#))
    }

    @Test func aWellEncodedQueryIsReadDecoded() throws {
        let body = try served("GET /loading-state?%73creen=home&seed=%37&at=5 HTTP/1.1\r\nHost: t\r\n\r\n").body
        #expect(String(decoding: body, as: UTF8.self) == "screen home seed 7")
    }

    @Test func refusesAMalformedQueryNamingTheParameter() {
        var request = Request(method: .get, path: "/layouts/home", query: "theme=%zz")
        guard case .response(let response) = router.reply(to: &request) else {
            Issue.record("deferred")
            return
        }
        #expect(response.status == .badRequest)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""parameter":"theme""#))
    }
}
