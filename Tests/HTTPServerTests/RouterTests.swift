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
        return router
    }()

    func body(_ method: Method, _ path: String) -> (Status, String, ResponseHeaders) {
        var request = Request(method: method, path: path)
        guard case .response(let response) = router.reply(to: &request) else {
            Issue.record("deferred")
            return (.internalServerError, "", ResponseHeaders())
        }
        return (response.status, String(decoding: response.body, as: UTF8.self), response.headers)
    }

    @Test func matchesLiteralsBeforeParameters() {
        #expect(body(.get, "/layouts").1 == "index")
        #expect(body(.get, "/layouts/home").1 == "screen home")
        #expect(body(.get, "/layouts/special").1 == "special")
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
