import Glibc
import Testing
@testable import HTTPServer

/// The handler API for answering later and streaming (what long polls and Server-Sent Events
/// build on), on a live server over loopback.
@Suite(.serialized) struct DeferredReplyTests {
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
        router.add(.get, "/elapsed") { request in
            let delay = Int(request.queryValue("ms") ?? "0") ?? 0
            let scheduled = monotonicMicroseconds()
            return .deferred { exchange in
                exchange.schedule(afterMilliseconds: delay) {
                    exchange.respond(Response(body: Array(String(monotonicMicroseconds() - scheduled).utf8)))
                }
            }
        }
        // Wakes the loop at every millisecond for a while: timers that do nothing.
        router.add(.get, "/ticks") { _ in
            .deferred { exchange in
                for milliseconds in 1...300 { exchange.schedule(afterMilliseconds: milliseconds) {} }
                exchange.schedule(afterMilliseconds: 301) { exchange.respond(Response(body: Array("ticked".utf8))) }
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

    func withServer(_ body: (Server, UInt16) throws -> Void) throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        configuration.accessLog = nil
        let server = Server(configuration: configuration, router: Self.router())
        let port = try server.start()
        defer {
            server.shutdown()
            server.wait()
        }
        try body(server, port)
    }

    /// A timer never fires before its delay has passed, though the loop keeps time in whole
    /// milliseconds: a long poll answered at a change must not answer before the wall clock has
    /// reached it (another replica, asked next, would then report an earlier time).
    @Test func aTimerNeverFiresEarly() throws {
        try withServer { _, port in
            let ticker = try TestClient(port: port)
            ticker.send("GET /ticks HTTP/1.1\r\nHost: t\r\n\r\n")
            let client = try TestClient(port: port)
            for attempt in 0..<60 {
                let delay = 1 + attempt % 3
                client.send("GET /elapsed?ms=\(delay) HTTP/1.1\r\nHost: t\r\n\r\n")
                let reply = try #require(client.response())
                let elapsed = try #require(Int(reply.body))
                #expect(elapsed >= delay * 1000, "\(delay) ms timer fired after \(elapsed) µs")
            }
            #expect(ticker.response()?.body == "ticked")
        }
    }

    @Test func deferredReplyArrivesWhenItsTimerFires() throws {
        try withServer { _, port in
            let client = try TestClient(port: port)
            let start = monotonicMicroseconds()
            client.send("GET /later?ms=100 HTTP/1.1\r\nHost: t\r\n\r\n")
            let reply = try #require(client.response())
            #expect(reply.body == "later 100")
            #expect(monotonicMicroseconds() - start >= 100_000)
        }
    }

    @Test func pipelinedRequestWaitsForTheDeferredReplyBeforeIt() throws {
        try withServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET /later?ms=50 HTTP/1.1\r\nHost: t\r\n\r\nGET /now HTTP/1.1\r\nHost: t\r\n\r\nGET /at-once HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.response()?.body == "later 50")
            #expect(client.response()?.body == "now")
            #expect(client.response()?.body == "at once")
        }
    }

    @Test func streamSendsChunksInOrderThenEnds() throws {
        try withServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            let reply = try #require(client.response())
            #expect(reply.field("Transfer-Encoding") == "chunked")
            #expect(reply.field("Content-Length") == nil)
            #expect(reply.body == "event 0\nevent 1\nevent 2\n")
            client.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.response()?.body == "now")
        }
    }

    @Test func http10StreamRunsUntilClose() throws {
        try withServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET /stream HTTP/1.0\r\n\r\n")
            let reply = try #require(client.response())
            #expect(reply.field("Transfer-Encoding") == nil)
            #expect(reply.field("Connection") == "close")
            #expect(reply.body == "event 0\nevent 1\nevent 2\n")
        }
    }

    @Test func clientLeavingDuringADeferredReplyFreesItsConnection() throws {
        try withServer { server, port in
            for _ in 0..<10 {
                let client = try TestClient(port: port)
                client.send("GET /later?ms=200 HTTP/1.1\r\nHost: t\r\n\r\n")
                let other = try TestClient(port: port)
                other.send("GET /now HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                _ = other.response()
            }
            // The deferred clients are gone (deinit closed them); the server notices at once.
            let deadline = monotonicMicroseconds() + 2_000_000
            while server.openConnections > 0 && monotonicMicroseconds() < deadline { usleep(1000) }
            #expect(server.openConnections == 0)
            let client = try TestClient(port: port)
            client.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.response()?.body == "now")
        }
    }

    @Test func shutdownLetsAnInFlightDeferredReplyFinish() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configuration.accessLog = nil
        let server = Server(configuration: configuration, router: Self.router())
        let port = try server.start()
        let client = try TestClient(port: port)
        let idle = try TestClient(port: port)
        idle.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = idle.response()
        client.send("GET /later?ms=300 HTTP/1.1\r\nHost: t\r\n\r\n")
        let start = monotonicMicroseconds()
        while server.openConnections < 2 && monotonicMicroseconds() - start < 2_000_000 { usleep(1000) }
        server.shutdown()
        #expect(idle.isClosedByServer())
        let reply = try #require(client.response())
        #expect(reply.body == "later 300")
        #expect(reply.field("Connection") == "close")
        server.wait()
        #expect(server.openConnections == 0)
    }
}
