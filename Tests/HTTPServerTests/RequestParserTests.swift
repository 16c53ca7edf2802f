import Testing
@testable import HTTPServer

@Suite struct RequestParserTests {
    func parse(_ text: String, limits: RequestLimits = RequestLimits()) throws -> RequestParser.Outcome {
        let scratch = RequestParser.Scratch(limits: limits)
        return try Array(text.utf8).withUnsafeBytes { try RequestParser.parse($0, limits: limits, scratch: scratch) }
    }

    func request(_ text: String) throws -> (Request, BodyFraming, Int) {
        guard case .complete(let request, let framing, let consumed) = try parse(text) else {
            Issue.record("incomplete: \(text)")
            throw ParseError(.badRequest, "incomplete")
        }
        return (request, framing, consumed)
    }

    func error(_ text: String, limits: RequestLimits = RequestLimits()) -> ParseError? {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch {
            return error as? ParseError
        }
    }

    @Test func parsesMethodPathQueryAndFields() throws {
        let (request, framing, consumed) = try request("GET /layouts/home?theme=dark&x=a%20b+c HTTP/1.1\r\nHost: h\r\nX-A: 1\r\nx-a:  2 \r\n\r\nNEXT")
        #expect(request.method == .get)
        #expect(request.path == "/layouts/home")
        #expect(request.queryValue("theme") == "dark")
        #expect(request.queryValue("x") == "a b c")
        #expect(request.queryValue("missing") == nil)
        #expect(request.fields.values("X-A") == ["1", "2"])
        #expect(request.fields["host"] == "h")
        #expect(request.isKeepAlive)
        #expect(framing == .none)
        #expect(consumed == "GET /layouts/home?theme=dark&x=a%20b+c HTTP/1.1\r\nHost: h\r\nX-A: 1\r\nx-a:  2 \r\n\r\n".utf8.count)
    }

    @Test func aKeptRequestKeepsItsFieldsWhileTheNextHeadsReuseTheScratch() throws {
        let scratch = RequestParser.Scratch(limits: RequestLimits())
        func fields(_ text: String) throws -> HTTPFields {
            let outcome = try Array(text.utf8).withUnsafeBytes { try RequestParser.parse($0, limits: RequestLimits(), scratch: scratch) }
            guard case .complete(let request, _, _) = outcome else { throw ParseError(.badRequest, "incomplete") }
            return request.fields
        }
        let kept = try fields("GET / HTTP/1.1\r\nHost: a\r\nX: one\r\n\r\n")
        // Dropped at once: the next head may refill its storage.
        #expect(try fields("GET / HTTP/1.1\r\nHost: b\r\nX: two\r\n\r\n")["X"] == "two")
        #expect(try fields("GET / HTTP/1.1\r\nHost: c\r\n\r\n")["X"] == nil)
        let longer = try fields("GET / HTTP/1.1\r\nHost: d\r\nX: three\r\nY: \(String(repeating: "y", count: 300))\r\n\r\n")
        let shorter = try fields("GET / HTTP/1.1\r\nHost: e\r\n\r\n")
        #expect(kept["Host"] == "a" && kept.values("X") == ["one"] && kept.count == 2)
        #expect(longer["Host"] == "d" && longer["X"] == "three" && longer["Y"]?.count == 300)
        #expect(shorter["Host"] == "e" && shorter.count == 1)
    }

    @Test func aTargetSeenLastIsReadAsItWasAndAnyOtherAfresh() throws {
        let scratch = RequestParser.Scratch(limits: RequestLimits())
        func target(_ method: String, _ target: String) throws -> Request {
            let text = "\(method) \(target) HTTP/1.1\r\nHost: h\r\n\r\n"
            let outcome = try Array(text.utf8).withUnsafeBytes { try RequestParser.parse($0, limits: RequestLimits(), scratch: scratch) }
            guard case .complete(let request, _, _) = outcome else { throw ParseError(.badRequest, "incomplete") }
            return request
        }
        for _ in 0..<2 {
            let escaped = try target("GET", "/a%62?x=1+2")
            #expect(escaped.path == "/ab" && escaped.query == "x=1+2" && escaped.hasQueryEscapes && escaped.target.isPlain)
        }
        // As long, other bytes.
        let other = try target("GET", "/a%62?x=1&2")
        #expect(other.path == "/ab" && other.query == "x=1&2" && !other.hasQueryEscapes)
        let quoted = try target("GET", "/a\"b")
        #expect(quoted.path == "/a\"b" && quoted.query.isEmpty && !quoted.target.isPlain)
        // `*` is for OPTIONS alone, whatever came before it.
        #expect(try target("OPTIONS", "*").path == "*")
        #expect(throws: ParseError.self) { try target("GET", "*") }
        #expect(throws: ParseError.self) { try target("GET", "/a b") }
        #expect(try target("GET", "/a\"b").path == "/a\"b")
    }

    @Test func everyPrefixNeedsMoreAndTheWholeCompletes() throws {
        let text = "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\n"
        for end in 0..<text.utf8.count {
            let prefix = String(decoding: Array(text.utf8)[..<end], as: UTF8.self)
            guard case .needMore = try parse(prefix) else {
                Issue.record("prefix of \(end) bytes did not need more")
                return
            }
        }
        let (_, framing, _) = try request(text)
        #expect(framing == .length(3))
    }

    @Test func ignoresEmptyLinesBeforeTheRequestLine() throws {
        let (request, _, _) = try request("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(request.path == "/")
    }

    @Test func persistenceFollowsVersionAndConnectionField() throws {
        #expect(try request("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n").0.isKeepAlive == false)
        #expect(try request("GET / HTTP/1.0\r\n\r\n").0.isKeepAlive == false)
        #expect(try request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").0.isKeepAlive == true)
        #expect(try request("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close\r\n\r\n").0.isKeepAlive == false)
    }

    @Test func readsListFieldsItemByItem() throws {
        #expect(try request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3 ,\t3\r\n\r\n").1 == .length(3))
        #expect(try request("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding:  Chunked \r\n\r\n").1 == .chunked)
        #expect(try request("GET / HTTP/1.1\r\nHost: h\r\nConnection: ,, CLOSE ,\r\n\r\n").0.isKeepAlive == false)
        #expect(try request("GET / HTTP/1.0\r\nConnection: te,keep-alive\r\n\r\n").0.isKeepAlive == true)
        #expect(try request("GET / HTTP/1.0\r\nConnection: keep-alive-ish\r\n\r\n").0.isKeepAlive == false)
    }

    @Test func limitsHoldAtTheirEdges() {
        var limits = RequestLimits()
        limits.maxRequestLine = 20
        limits.maxHeaderBytes = 32
        limits.maxHeaderCount = 2
        // "GET /123456 HTTP/1.1" is 20 bytes: at the limit; one more is 414, complete or not.
        #expect(error("GET /123456 HTTP/1.1\r\nHost: h\r\n\r\n", limits: limits) == nil)
        #expect(error("GET /1234567 HTTP/1.1\r\nHost: h\r\n\r\n", limits: limits)?.status == .uriTooLong)
        #expect(error("GET /1234567 HTTP/1.1", limits: limits)?.status == .uriTooLong)
        // Header section "Host: h\r\nX: 1234567890123456\r\n\r\n" is 9 + 21 + 2 = 32 bytes.
        #expect(error("GET / HTTP/1.1\r\nHost: h\r\nX: 1234567890123456\r\n\r\n", limits: limits) == nil)
        #expect(error("GET / HTTP/1.1\r\nHost: h\r\nX: 12345678901234567\r\n\r\n", limits: limits)?.status == .requestHeaderFieldsTooLarge)
        #expect(error("GET / HTTP/1.1\r\nHost: h\r\nX: 123456789012345678901234", limits: limits)?.status == .requestHeaderFieldsTooLarge)
        #expect(error("GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\n\r\n", limits: limits)?.status == .requestHeaderFieldsTooLarge)
        limits = RequestLimits()
        limits.maxBodyBytes = 10
        #expect(error("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n", limits: limits) == nil)
        #expect(error("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", limits: limits)?.status == .contentTooLarge)
        #expect(error("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n", limits: limits)?.status == .contentTooLarge)
    }

    /// A header section (Host, `Connection: close`, then one filler field) of exactly `total`
    /// bytes, its final empty line included.
    func headerSection(_ total: Int) -> String {
        var fields = ["Host: t\r\n", "Connection: close\r\n"]
        let filler = total - fields.reduce(2) { $0 + $1.utf8.count } - "X-Fill: \r\n".utf8.count
        precondition(filler >= 0, "no room for the filler field")
        fields.append("X-Fill: " + String(repeating: "f", count: filler) + "\r\n")
        return fields.joined() + "\r\n"
    }

    /// The server's own defaults (docs/spec.md §6), each at its edge and one past it.
    @Test func theServersDefaultLimitsHoldAtTheirEdges() throws {
        let limits = ServerConfiguration().limits
        func line(_ length: Int) -> String { "GET /" + String(repeating: "a", count: length - "GET / HTTP/1.1".utf8.count) + " HTTP/1.1" }
        #expect(line(8192).utf8.count == 8192)
        #expect(error(line(8192) + "\r\nHost: t\r\nConnection: close\r\n\r\n", limits: limits) == nil)
        #expect(error(line(8193) + "\r\nHost: t\r\n\r\n", limits: limits)?.status == .uriTooLong)

        #expect(headerSection(16384).utf8.count == 16384)
        #expect(error("GET /healthz HTTP/1.1\r\n" + headerSection(16384), limits: limits) == nil)
        #expect(error("GET /healthz HTTP/1.1\r\n" + headerSection(16385), limits: limits)?.status == .requestHeaderFieldsTooLarge)

        func fields(_ count: Int) -> String {
            "Host: t\r\nConnection: close\r\n" + (0..<(count - 2)).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        }
        #expect(error("GET /healthz HTTP/1.1\r\n" + fields(100), limits: limits) == nil)
        #expect(error("GET /healthz HTTP/1.1\r\n" + fields(101), limits: limits)?.status == .requestHeaderFieldsTooLarge)

        let head = "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: "
        guard case .complete(_, let framing, _) = try parse(head + "1048576\r\n\r\n", limits: limits) else {
            Issue.record("a body of 1 MiB was refused")
            return
        }
        #expect(framing == .length(1_048_576))
        #expect(error(head + "1048577\r\n\r\n", limits: limits)?.status == .contentTooLarge)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1,2\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length:\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 3,,3\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, gzip\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: , chunked\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked,\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n\tb\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : h\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{1}b\r\n\r\n",
        "GET / HTTP/1.1\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\n\r\n",
        "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: h\r\n\r\n",
        "GET / HTTP/1\r\nHost: h\r\n\r\n",
        "G@T / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a b HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /% HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET relative HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n: empty-name\r\n\r\n",
        "GET /a%zz HTTP/1.1\r\nHost: t\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: t\r\n\r\n",
    ])
    func rejectsWith400(_ text: String) {
        #expect(error(text)?.status == .badRequest)
    }

    @Test func aMalformedEscapeInThePathIsA400SayingWhy() {
        let refused = error("GET /layouts/ho%zme HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(refused?.status == .badRequest)
        #expect(refused?.detail.contains("two hex digits") == true)
    }

    @Test func anAbsoluteFormTargetIsRoutedByItsPathWhateverTheHost() throws {
        let (plain, _, _) = try request("GET http://example.com/healthz?x=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(plain.path == "/healthz" && plain.query == "x=1")
        let (other, _, _) = try request("GET http://other.example:8080/healthz HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(other.path == "/healthz" && other.query.isEmpty)
    }

    @Test(arguments: ["http://user@h/healthz", "http://a b/healthz", "http://[::1/healthz"])
    func anAbsoluteFormTargetWithABadAuthorityIsA400(target: String) {
        #expect(error("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")?.status == .badRequest)
    }

    @Test func versionsAndMethods() throws {
        #expect(error("GET / HTTP/2.0\r\nHost: h\r\n\r\n")?.status == .httpVersionNotSupported)
        #expect(error("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")?.status == .httpVersionNotSupported)
        #expect(error("GET / HTTP/3.1\r\nHost: t\r\n\r\n")?.status == .httpVersionNotSupported)
        let (higherMinor, _, _) = try request("GET /healthz HTTP/1.7\r\nHost: t\r\n\r\n")
        #expect(higherMinor.version == .http11 && higherMinor.isKeepAlive, "served as 1.1, and the connection stays open")
        #expect(error("BREW / HTTP/1.1\r\nHost: h\r\n\r\n")?.status == .notImplemented)
        #expect(error("query / HTTP/1.1\r\nHost: h\r\n\r\n")?.status == .notImplemented, "method names are case-sensitive")
        #expect(error("QUERYX / HTTP/1.1\r\nHost: h\r\n\r\n")?.status == .notImplemented)
        #expect(error("get / HTTP/1.1\r\nHost: h\r\n\r\n")?.status == .notImplemented)
        #expect(try request("GET / HTTP/1.9\r\nHost: h\r\n\r\n").0.version == .http11)
        #expect(try request("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n").0.path == "*")
        #expect(try request("GET http://h:80/p?q=1 HTTP/1.1\r\nHost: h\r\n\r\n").0.path == "/p")
        #expect(try request("GET /caf%c3%a9/%68%2f HTTP/1.1\r\nHost: h\r\n\r\n").0.path == "/caf%C3%A9/h%2F")
    }
}
