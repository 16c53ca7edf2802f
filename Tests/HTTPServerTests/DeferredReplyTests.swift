import Testing
@testable import HTTPServer

/// The handler API for answering later and streaming (what long polls and Server-Sent Events
/// build on), on a live server over loopback whose clock the tests move.
@Suite struct DeferredReplyTests {
    static func router() -> Router {
        var router = Router()
        router.get("/now") { _ in Response(body: Array("now".utf8)) }
        router.add(.get, "/later") { request in
            let delay = Int(request.queryValue("ms") ?? "0") ?? 0
            return .deferred { exchange in
                exchange.schedule(afterMilliseconds: delay) {
                    exchange.respond(Response(body: Array("later \(delay)".utf8)))
                }
            }
        }
        router.add(.get, "/at-once") { _ in
            .deferred { exchange in exchange.respond(Response(body: Array("at once".utf8))) }
        }
        router.add(.get, "/stream") { _ in
            .deferred { exchange in
                exchange.startStream(headers: ResponseHeaders(["Content-Type": "text/event-stream"]))
                for index in 0..<3 {
                    exchange.schedule(afterMilliseconds: 20 * (index + 1)) {
                        exchange.send(Array("event \(index)\n".utf8))
                        if index == 2 { exchange.finish() }
                    }
                }
            }
        }
        return router
    }

    /// A timer never fires before its delay has passed: a long poll answered at a change must not
    /// answer before the loop's clock has reached it (another replica, asked next, would then
    /// report an earlier time).
    @Test func deferredReplyArrivesWhenItsTimerIsDueAndNotAMillisecondBefore() throws {
        try TestServer.run(Self.router()) { server in
            let client = try server.client()
            client.send("GET /later?ms=100 HTTP/1.1\r\nHost: t\r\n\r\n")
            server.clock.advance(by: 0)  // dispatched at 0: its timer is due at 100
            server.clock.advance(by: 99)
            #expect(client.hasReceivedNothing())
            server.clock.advance(by: 1)
            #expect(client.response()?.body == "later 100")
        }
    }

    @Test func pipelinedRequestWaitsForTheDeferredReplyBeforeIt() throws {
        try TestServer.run(Self.router()) { server in
            let client = try server.client()
            client.send("GET /later?ms=50 HTTP/1.1\r\nHost: t\r\n\r\nGET /now HTTP/1.1\r\nHost: t\r\n\r\nGET /at-once HTTP/1.1\r\nHost: t\r\n\r\n")
            server.clock.advance(by: 0)
            #expect(client.hasReceivedNothing())
            server.clock.advance(by: 50)
            #expect(client.response()?.body == "later 50")
            #expect(client.response()?.body == "now")
            #expect(client.response()?.body == "at once")
        }
    }

    @Test func streamSendsChunksInOrderThenEnds() throws {
        try TestServer.run(Self.router()) { server in
            let client = try server.client()
            client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            server.clock.advance(by: 0)
            server.clock.advance(by: 60)
            let reply = try #require(client.response())
            #expect(reply.field("Transfer-Encoding") == "chunked")
            #expect(reply.field("Content-Length") == nil)
            #expect(reply.body == "event 0\nevent 1\nevent 2\n")
            client.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.response()?.body == "now")
        }
    }

    @Test func http10StreamRunsUntilClose() throws {
        try TestServer.run(Self.router()) { server in
            let client = try server.client()
            client.send("GET /stream HTTP/1.0\r\n\r\n")
            server.clock.advance(by: 0)
            server.clock.advance(by: 60)
            let reply = try #require(client.response())
            #expect(reply.field("Transfer-Encoding") == nil)
            #expect(reply.field("Connection") == "close")
            #expect(reply.body == "event 0\nevent 1\nevent 2\n")
        }
    }

    @Test func clientLeavingDuringADeferredReplyFreesItsConnection() throws {
        try TestServer.run(Self.router()) { server in
            for _ in 0..<10 {
                let client = try server.client()
                client.send("GET /later?ms=200 HTTP/1.1\r\nHost: t\r\n\r\n")
                let other = try server.client()
                other.send("GET /now HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                _ = other.response()
            }
            // The deferred clients are gone (deinit closed them), before their timers were due.
            server.clock.advance(by: 0)
            #expect(server.server.openConnections == 0)
            let client = try server.client()
            client.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.response()?.body == "now")
        }
    }

    @Test func shutdownLetsAnInFlightDeferredReplyFinish() throws {
        try TestServer.run(Self.router(), threads: 2) { server in
            let client = try server.client()
            let idle = try server.client()
            idle.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = idle.response()
            client.send("GET /later?ms=300 HTTP/1.1\r\nHost: t\r\n\r\n")
            server.clock.advance(by: 0)
            #expect(server.server.openConnections == 2)
            server.server.shutdown()
            #expect(idle.isClosedByServer())
            server.clock.advance(by: 300)
            let reply = try #require(client.response())
            #expect(reply.body == "later 300")
            #expect(reply.field("Connection") == "close")
            server.server.wait()
            #expect(server.server.openConnections == 0)
        }
    }
}
