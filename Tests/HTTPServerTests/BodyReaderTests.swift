import Testing
@testable import HTTPServer

@Suite struct BodyReaderTests {
    /// Feeds `wire` in pieces of `step` bytes; returns the bytes consumed and whether the body ended.
    func read(_ wire: String, framing: BodyFraming, step: Int, limit: Int = 1 << 20) throws -> (Int, Bool) {
        let (used, complete, _) = try readBody(wire, framing: framing, step: step, limit: limit)
        return (used, complete)
    }

    /// As `read`, keeping at most `kept` bytes of the body; returns the body read as well.
    func readBody(_ wire: String, framing: BodyFraming, step: Int, limit: Int = 1 << 20, kept: Int = 8192) throws -> (Int, Bool, RequestBody) {
        var reader = BodyReader(framing: framing, maxBodyBytes: limit, maxKeptBytes: kept)
        let bytes = Array(wire.utf8)
        var offset = 0
        while offset < bytes.count && !reader.isComplete {
            let end = min(bytes.count, offset + step)
            let used = try bytes[offset..<end].withUnsafeBytes { try reader.consume($0) }
            offset += used
        }
        return (offset, reader.isComplete, reader.body)
    }

    @Test(arguments: [1, 3, 1000])
    func keepsTheDecodedBodyOfEitherFramingWhateverThePieces(step: Int) throws {
        let chunked = try readBody("4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\n\r\n", framing: .chunked, step: step).2
        #expect(chunked == RequestBody(bytes: Array("Wikipedia".utf8), count: 9))
        let counted = try readBody("helloGET", framing: .length(5), step: step).2
        #expect(counted == RequestBody(bytes: Array("hello".utf8), count: 5))
    }

    @Test func aBodyOverTheKeptLimitIsCountedButNotKept() throws {
        #expect(try readBody("abcdef", framing: .length(6), step: 2, kept: 5).2 == RequestBody(bytes: nil, count: 6))
        #expect(try readBody("abcde", framing: .length(5), step: 2, kept: 5).2 == RequestBody(bytes: Array("abcde".utf8), count: 5))
    }

    /// An empty body keeps no array inside, yet reads as empty bytes, not as one over the limit.
    @Test func anEmptyBodyReadsAsNoBytesNotAsOneOverTheLimit() throws {
        #expect(Request(method: .get, path: "/").body.bytes == [])
        #expect(try readBody("", framing: .length(0), step: 1, kept: 0).2.bytes == [])
        #expect(RequestBody(bytes: [], count: 0) == Request(method: .get, path: "/").body)
        #expect(RequestBody(bytes: nil, count: 1).bytes == nil)
    }

    /// A request over 128 bytes is copied by a call to memcpy (x86-64), some 30 instructions at
    /// each of its copies on the way from parser to router (docs/performance.md).
    @Test func aRequestFitsIn128Bytes() {
        #expect(MemoryLayout<Request>.size <= 128)
    }

    @Test(arguments: [1, 2, 7, 1000])
    func chunkedBodyEndsAfterTrailersWhateverThePieces(step: Int) throws {
        let body = "4\r\nWiki\r\n5;name=value\r\npedia\r\n0\r\nTrailer: x\r\n\r\n"
        let (used, complete) = try read(body + "GET /next", framing: .chunked, step: step)
        #expect(complete)
        #expect(used == body.utf8.count)
    }

    @Test func countedBodyStopsAtItsLength() throws {
        let (used, complete) = try read("helloGET", framing: .length(5), step: 3)
        #expect(complete && used == 5)
    }

    @Test func chunkedBodyOverTheLimitIs413() {
        #expect(throws: ParseError.self) { try read("b\r\nhello world\r\n0\r\n\r\n", framing: .chunked, step: 100, limit: 10) }
        #expect(throws: Never.self) { try read("a\r\nhelloworld\r\n0\r\n\r\n", framing: .chunked, step: 100, limit: 10) }
    }

    /// The server's default limit (1 MiB, docs/spec.md §6) on a chunked body with an extension
    /// and a trailer: at the limit the body ends; one byte more is 413.
    @Test func chunkedBodyAtTheDefaultLimitIsReadAndOneOverIs413() throws {
        let limit = ServerConfiguration().limits.maxBodyBytes
        #expect(limit == 1_048_576)
        func chunked(_ total: Int) -> String {
            let half = total / 2
            return String(half, radix: 16) + ";ext=1\r\n" + String(repeating: "a", count: half) + "\r\n"
                + String(total - half, radix: 16) + "\r\n" + String(repeating: "b", count: total - half) + "\r\n0\r\nX-Trailer: t\r\n\r\n"
        }
        let atLimit = chunked(limit)
        let (used, complete) = try read(atLimit, framing: .chunked, step: 65536, limit: limit)
        #expect(complete && used == atLimit.utf8.count)
        #expect {
            try read(chunked(limit + 1), framing: .chunked, step: 65536, limit: limit)
        } throws: { ($0 as? ParseError)?.status == .contentTooLarge }
    }

    @Test(arguments: ["x\r\n", "\r\n", "5\r\nhelloXX", "5\nhello\r\n", "0\r\nbad\n\r\n"])
    func malformedChunkFramingIs400(_ wire: String) {
        #expect(throws: ParseError.self) { try read(wire, framing: .chunked, step: 100) }
    }
}
