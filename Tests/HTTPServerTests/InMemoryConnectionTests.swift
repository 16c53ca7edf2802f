import Testing
@testable import HTTPServer

/// The connection handler's rules with no socket and no thread (`InMemoryLoop`): bytes sent in,
/// bytes read out, writes that back up, the peer's end of stream, time moved by hand. The oracle is
/// the HTTP each exchange must put on the wire, written out below field by field, not produced by
/// the encoder under test.
@Suite struct InMemoryConnectionTests {
    static func router() -> Router {
        var router = Router()
        for name in ["a", "b", "c"] {
            router.get("/\(name)") { _ in Response(headers: .contentType("text/plain"), body: Array(name.uppercased().utf8)) }
        }
        router.get("/tagged") { _ in
            Response(status: .ok, headers: .contentType("text/plain"), tagged: TaggedContent(leading: Self.kept, hash: 0x0123_4567_89AB_CDEF), body: Array("tail".utf8))
        }
        router.add(.get, "/later") { _ in
            .deferred { exchange in
                exchange.schedule(afterMilliseconds: 50) {
                    exchange.respond(Response(headers: .contentType("text/plain"), body: Array("later".utf8)))
                }
            }
        }
        return router
    }

    static func get(_ path: String, closing: Bool = false) -> String {
        "GET \(path) HTTP/1.1\r\nHost: t\r\n" + (closing ? "Connection: close\r\n" : "") + "\r\n"
    }

    /// A 200 with a text body, as the handler must write it (its `Date` masked: see `masked`).
    static func ok(_ body: String, closing: Bool = false) -> String {
        "HTTP/1.1 200 OK\r\nServer: skeleton-server\r\nAccess-Control-Allow-Origin: *\r\n"
            + "Access-Control-Expose-Headers: ETag\r\nContent-Type: text/plain\r\nDate: *\r\n"
            + "Content-Length: \(body.utf8.count)\r\n" + (closing ? "Connection: close\r\n" : "") + "\r\n" + body
    }

    /// A problem that ends the connection (RFC 9457; RFC 9112 §9.6).
    static func problem(_ statusLine: String, type: String, title: String, status: Int, detail: String) -> String {
        let body = #"{"formatVersion":2,"type":"/problems/\#(type)","title":"\#(title)","status":\#(status),"detail":"\#(detail)"}"#
        return "HTTP/1.1 \(statusLine)\r\nServer: skeleton-server\r\nAccess-Control-Allow-Origin: *\r\n"
            + "Access-Control-Expose-Headers: ETag\r\nContent-Type: application/problem+json\r\nDate: *\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
    }

    /// `text` with each `Date` field's value (the wall clock's) replaced by `*`.
    static func masked(_ text: String) -> String {
        text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("Date: ") ? "Date: *" : String($0) }
            .joined(separator: "\r\n")
    }

    @Test func threePipelinedRequestsInOneReadAreAnsweredInOrderWithOneWrite() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: Self.get("/a") + Self.get("/b") + Self.get("/c"))
        #expect(Self.masked(client.received()) == Self.ok("A") + Self.ok("B") + Self.ok("C"))
        #expect(client.writes == 1)
        #expect(client.interest == [.input, .hangUp])
        #expect(!client.isClosed)
    }

    /// Bytes many responses share: long enough to be gathered from where they lie.
    static let kept = [UInt8](repeating: UInt8(ascii: "k"), count: 1_500)

    /// A response made around kept bytes: its tag the last field, written from the hash as 16
    /// lower-case hex digits in quotes; its content the kept bytes then its body, counted whole;
    /// for HEAD, the same head and no content.
    @Test func taggedContentIsItsKeptBytesThenItsBodyWithItsTagLast() throws {
        let loop = try InMemoryLoop(Self.router())
        let head = "HTTP/1.1 200 OK\r\nServer: skeleton-server\r\nAccess-Control-Allow-Origin: *\r\n"
            + "Access-Control-Expose-Headers: ETag\r\nContent-Type: text/plain\r\nETag: \"0123456789abcdef\"\r\nDate: *\r\n"
            + "Content-Length: 1504\r\n\r\n"
        let client = loop.connect(sending: Self.get("/tagged") + "HEAD /tagged HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(Self.masked(client.received()) == head + String(repeating: "k", count: 1_500) + "tail" + head)
        #expect(TaggedContent(hash: 0x0123_4567_89AB_CDEF).quoted == "\"0123456789abcdef\"")
    }

    @Test func aRequestSplitAcrossReadsIsAnsweredOnceComplete() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: "GET /a HTTP/1.1\r\nHo")
        #expect(client.received().isEmpty)
        client.send("st: t\r\n\r\nGET /b HTTP/1.1\r\n")
        loop.run()
        #expect(Self.masked(client.received()) == Self.ok("A"))
        client.send("Host: t\r\n\r\n")
        loop.run()
        #expect(Self.masked(client.received()) == Self.ok("B"))
    }

    @Test func aDeferredReplyHoldsThePipelinedRequestsBehindItAndTheyFollowInOrder() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: Self.get("/later") + Self.get("/a") + Self.get("/b"))
        loop.advance(by: 49)
        #expect(client.received().isEmpty)
        client.send(Self.get("/c"))
        loop.run()
        #expect(client.received().isEmpty)
        #expect(client.inbound.count == Self.get("/c").utf8.count)  // not read while the reply is pending
        loop.advance(by: 1)
        #expect(Self.masked(client.received()) == Self.ok("later") + Self.ok("A") + Self.ok("B") + Self.ok("C"))
        #expect(client.interest == [.input, .hangUp])
    }

    @Test func backedUpOutputStopsReadingAndResumesWhenWritableWithNoByteLostOrReordered() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: Self.get("/a") + Self.get("/b"), writableBytes: 10)
        var received = client.received()
        #expect(received.utf8.count == 10)
        #expect(client.interest == [.output, .hangUp])  // no more input asked for
        client.send(Self.get("/c"))
        let readsBefore = client.reads
        loop.run()
        #expect(client.reads == readsBefore)
        #expect(client.received().isEmpty)
        client.writableBytes = 25
        loop.run()
        received += client.received()
        #expect(received.utf8.count == 35)
        #expect(client.interest == [.output, .hangUp])
        client.writableBytes = .max
        loop.run()
        received += client.received()
        #expect(Self.masked(received) == Self.ok("A") + Self.ok("B") + Self.ok("C"))
        #expect(client.interest == [.input, .hangUp])
        #expect(client.inbound.isEmpty)
    }

    @Test func connectionCloseIsAnsweredThenTheConnectionClosesInOrder() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: Self.get("/a", closing: true) + Self.get("/b"))
        #expect(Self.masked(client.received()) == Self.ok("A", closing: true))
        #expect(client.isClosed && !client.isReset)
        #expect(loop.openConnections == 0)
        #expect(loop.handler.serverState.connectionCount.load(ordering: .relaxed) == 0)
    }

    @Test func thePeersEndOfStreamAfterARequestGetsTheResponseThenTheClose() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: Self.get("/a"))
        client.closeFromPeer()
        loop.run()
        #expect(Self.masked(client.received()) == Self.ok("A"))
        #expect(client.isClosed && !client.isReset)
        #expect(loop.openConnections == 0)
    }

    /// The peer half-closes while its responses wait for room: they all go out, then writing is
    /// shut down and the rest of its input read before the close, so that no reset cuts them off.
    @Test func thePeersEndOfStreamWhileOutputIsBackedUpLetsTheResponsesDrainFirst() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: Self.get("/a") + Self.get("/b"), writableBytes: 0)
        client.closeFromPeer()
        loop.run()
        #expect(!client.isClosed)
        client.writableBytes = .max
        loop.run()
        #expect(Self.masked(client.received()) == Self.ok("A") + Self.ok("B"))
        #expect(client.isWriteShutDown && client.isClosed && !client.isReset)
    }

    @Test func aDrainClosesIdleConnectionsAndAnswersThePendingReplyWithConnectionClose() throws {
        let loop = try InMemoryLoop(Self.router())
        let idle = loop.connect(sending: Self.get("/a"))
        #expect(Self.masked(idle.received()) == Self.ok("A"))
        let pending = loop.connect(sending: Self.get("/later"))
        loop.drain()
        #expect(idle.isClosed && !idle.isReset)
        #expect(!pending.isClosed && !loop.handler.isFinished)
        loop.advance(by: 50)
        #expect(Self.masked(pending.received()) == Self.ok("later", closing: true))
        #expect(pending.isClosed)
        #expect(loop.handler.isFinished)
    }

    @Test func anIncompleteHeadIsAnswered408AtTheHeaderTimeoutThenLingers() throws {
        let loop = try InMemoryLoop(Self.router()) {
            $0.headerTimeoutMilliseconds = 1000
            $0.lingerMilliseconds = 2000
        }
        let client = loop.connect(sending: "GET /a HTTP/1.1\r\nHost: t\r\n")
        loop.advance(by: 999)
        #expect(client.received().isEmpty)
        loop.advance(by: Int(EventLoop.sweepInterval))
        #expect(Self.masked(client.received()) == Self.problem("408 Request Timeout", type: "request-timeout", title: "Request Timeout", status: 408,
                                                               detail: "the request was not received within 1000 ms"))
        #expect(client.isWriteShutDown && !client.isClosed)  // lingering: reading what the peer still sends
        loop.advance(by: 1999)
        #expect(!client.isClosed)
        loop.advance(by: Int(EventLoop.sweepInterval))
        #expect(client.isClosed && !client.isReset)
    }

    @Test func anIdleKeepAliveConnectionIsClosedAtTheIdleTimeoutAndNotBefore() throws {
        let loop = try InMemoryLoop(Self.router()) { $0.idleTimeoutMilliseconds = 1000 }
        let client = loop.connect(sending: Self.get("/a"))
        #expect(Self.masked(client.received()) == Self.ok("A"))
        loop.advance(by: 999)
        #expect(!client.isClosed)
        loop.advance(by: Int(EventLoop.sweepInterval))
        #expect(client.isClosed && !client.isReset)
        #expect(client.received().isEmpty)
    }

    /// RFC 9112 §9.6: the 400, then writing shut down and input read and dropped until the peer's
    /// end of stream, then the close; the request after the bad one is never answered.
    @Test func anUnparsableRequestIsAnswered400ThenClosedGracefully() throws {
        let loop = try InMemoryLoop(Self.router())
        let client = loop.connect(sending: "GET /a HTTP/1.1\r\nHost: t\r\nno colon\r\n\r\n" + Self.get("/b"))
        #expect(Self.masked(client.received()) == Self.problem("400 Bad Request", type: "malformed-request", title: "Bad Request", status: 400,
                                                               detail: "a header field line has no colon"))
        #expect(client.isWriteShutDown && !client.isClosed)
        client.send(Self.get("/c"))
        client.closeFromPeer()
        loop.run()
        #expect(client.inbound.isEmpty)  // read and dropped
        #expect(client.isClosed && !client.isReset)
        #expect(loop.openConnections == 0)
    }
}
