import Testing
@testable import HTTPServer

/// What an exchange keeps of its request for the life of a long poll or a stream: no header
/// fields and no route parameter (the route's own request has them), and, when a literal
/// template matched, the template's string as its path rather than a copy parsed from the wire.
@Suite struct ExchangeRequestTests {
    /// Longer than a small string's 15 bytes: a copy of it would be an allocation of its own.
    static let template = "/streams/held-for-long"

    /// What a deferred handler saw: the route's request and the exchange's.
    struct Seen: Sendable {
        var routeToken: String?
        var exchangeToken: String?
        var exchangeParameter: String?
        var exchangePath = ""
        var sharesTemplateStorage = false
        var routeSharesTemplateStorage = false
    }

    static func storage(_ text: String) -> UInt? {
        text.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } ?? nil
    }

    static func router(_ seen: Locked<Seen>) -> Router {
        var router = Router()
        let keep: @Sendable (Request) -> Reply = { request in
            .deferred { exchange in
                seen.withLock { seen in
                    seen.routeToken = request.fields["X-Token"]
                    seen.routeSharesTemplateStorage = storage(request.path) == storage(template)
                    seen.exchangeToken = exchange.request.fields["X-Token"]
                    seen.exchangeParameter = exchange.request.parameter("id")
                    seen.exchangePath = exchange.request.path
                    seen.sharesTemplateStorage = storage(exchange.request.path) == storage(template)
                }
                exchange.respond(Response(headers: .contentType("text/plain"), body: Array("held".utf8)))
            }
        }
        router.add(.get, template, keep)
        router.add(.get, "/streams/{id}", keep)
        return router
    }

    @Test func aDeferredExchangeKeepsNoFieldsAndSharesItsLiteralTemplatesPath() throws {
        let seen = Locked(Seen())
        let loop = try InMemoryLoop(Self.router(seen))
        let client = loop.connect(sending: "GET \(Self.template)?seed=7 HTTP/1.1\r\nHost: t\r\nX-Token: abc\r\n\r\n")
        #expect(client.received().hasSuffix("\r\n\r\nheld"))
        let literal = seen.withLock { $0 }
        #expect(literal.routeToken == "abc")
        #expect(literal.exchangeToken == nil)
        #expect(literal.exchangePath == Self.template)
        #expect(!literal.routeSharesTemplateStorage)  // parsed from the wire: a string of its own
        #expect(literal.sharesTemplateStorage)

        let other = loop.connect(sending: "GET /streams/a-value-long-enough HTTP/1.1\r\nHost: t\r\nX-Token: def\r\n\r\n")
        #expect(other.received().hasSuffix("\r\n\r\nheld"))
        let parameterized = seen.withLock { $0 }
        #expect(parameterized.routeToken == "def")
        #expect(parameterized.exchangeToken == nil)
        #expect(parameterized.exchangeParameter == nil)
        #expect(parameterized.exchangePath == "/streams/a-value-long-enough")
        #expect(!parameterized.sharesTemplateStorage)
    }
}
