import Testing
@testable import HTTPServer

/// The loop's timeouts on moved time: each one closes (or answers 408) when the clock reaches it
/// and not a moment before, seen by the loop's next sweep (`EventLoop.sweepInterval`). No test
/// sleeps: `ManualClock.advance` returns once the loop has handled the move.
@Suite struct TimeoutTests {
    static func router() -> Router {
        var router = Router()
        router.get("/now") { _ in Response(body: Array("now".utf8)) }
        // A reply that never comes by itself: the drain's grace period ends it.
        router.add(.get, "/never") { _ in .deferred { _ in } }
        return router
    }

    @Test func anIncompleteRequestIsAnswered408AtTheHeaderTimeout() throws {
        try TestServer.run(Self.router(), configure: { $0.headerTimeoutMilliseconds = 1000 }) { server in
            let client = try server.client()
            client.send("GET /now HTTP/1.1\r\nHost: t\r\n")
            server.clock.advance(by: 0)  // the head began at 0
            server.clock.advance(by: 999)
            #expect(client.hasReceivedNothing())
            server.clock.advance(by: TestServer.sweepInterval)
            let reply = try #require(client.response())
            #expect(reply.status == 408)
            #expect(reply.field("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAtTheIdleTimeout() throws {
        try TestServer.run(Self.router(), configure: { $0.idleTimeoutMilliseconds = 1000 }) { server in
            let client = try server.client()
            client.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.response()?.body == "now")  // answered at 0: idle from then
            server.clock.advance(by: 999)
            #expect(client.hasReceivedNothing())
            server.clock.advance(by: TestServer.sweepInterval)
            #expect(client.isClosedByServer())
        }
    }

    /// After an error response the server shuts down writing and reads what the client still
    /// sends until the linger timeout (RFC 9112 §9.6), then closes.
    @Test func aLingeringConnectionIsClosedAtTheLingerTimeout() throws {
        try TestServer.run(Self.router(), configure: { $0.lingerMilliseconds = 2000 }) { server in
            let client = try server.client()
            client.send("GET /now HTTP/1.1\r\nHost: t\r\nno colon\r\n\r\n")
            #expect(client.response()?.status == 400)
            #expect(client.isClosedByServer())  // writing shut down at 0; still reading
            server.clock.advance(by: 1999)
            #expect(server.server.openConnections == 1)
            server.clock.advance(by: TestServer.sweepInterval)
            #expect(server.server.openConnections == 0)
        }
    }

    @Test func theDrainClosesWhatIsStillOpenWhenTheGracePeriodEnds() throws {
        try TestServer.run(Self.router(), configure: { $0.shutdownGraceMilliseconds = 2000 }) { server in
            let client = try server.client()
            client.send("GET /never HTTP/1.1\r\nHost: t\r\n\r\n")
            server.clock.advance(by: 0)
            server.server.shutdown()
            server.clock.advance(by: 0)  // draining from 0
            server.clock.advance(by: 1999)
            #expect(!server.server.hasFinished)
            #expect(client.hasReceivedNothing())
            server.clock.advance(by: TestServer.sweepInterval)
            #expect(server.server.hasFinished)
            #expect(client.response() == nil)  // closed without a response
            #expect(server.server.openConnections == 0)
        }
    }
}
