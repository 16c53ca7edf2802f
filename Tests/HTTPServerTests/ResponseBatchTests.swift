import Glibc
import Testing
@testable import HTTPServer

/// A batch sends the bytes it was given, in order, whether its bodies were copied or kept by
/// reference, from any offset, and however many pieces it holds.
@Suite struct ResponseBatchTests {
    /// A batch of `responses` heads and bodies.
    func batch(_ responses: [(head: String, body: [UInt8])]) -> ResponseBatch {
        var batch = ResponseBatch(capacity: 64)
        for (head, body) in responses {
            batch.append(Array(head.utf8))
            batch.append(body: body)
        }
        return batch
    }

    /// The bytes a batch of `responses` must send.
    func bytes(_ responses: [(head: String, body: [UInt8])]) -> [UInt8] {
        responses.flatMap { Array($0.head.utf8) + $0.body }
    }

    func body(_ count: Int, _ seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
    }

    @Test func bytesFromEveryOffsetAreTheRestOfTheBatch() {
        let responses = [("A\r\n", body(3000, 1)), ("BB\r\n", body(10, 2)), ("", body(1024, 3)), ("C\r\n", []), ("D", body(1023, 4))]
        let batch = batch(responses), expected = bytes(responses)
        #expect(batch.count == expected.count)
        for offset in stride(from: 0, through: expected.count, by: 7) {
            #expect(batch.bytes(from: offset) == Array(expected[offset...]), "from \(offset)")
        }
        #expect(batch.bytes(from: expected.count).isEmpty)
    }

    @Test func sendGathersEveryPieceInOrderAcrossPartialWrites() throws {
        // More bodies kept by reference than one sendmsg gathers, through a socket buffer far
        // smaller than the batch: many partial writes, each resumed at its offset.
        let responses = (0..<200).map { ("H\($0)\r\n", body(1500 + $0, $0)) }
        let batch = batch(responses), expected = bytes(responses)
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var size: Int32 = 4096
        setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset = 0
        var sends = 0
        while offset < expected.count {
            let result = batch.withPieces(from: offset) { pieces in
                Result { () throws(SystemError) in try Socket.write(fds[0], pieces, isLast: false) }
            }
            if case .done(let written) = try result.get() {
                offset += written
                sends += 1
            }
            let count = chunk.withUnsafeMutableBytes { recv(fds[1], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { received += chunk[..<count] }
        }
        while received.count < expected.count {
            let count = chunk.withUnsafeMutableBytes { recv(fds[1], $0.baseAddress, $0.count, 0) }
            #expect(count > 0)
            received += chunk[..<count]
        }
        #expect(received == expected)
        #expect(sends > 10)
    }

    @Test func emptyingReleasesTheBodiesAndStartsAfresh() {
        var batch = batch([("A", body(2000, 1))])
        batch.removeAll(keepingCapacity: 1024)
        #expect(batch.isEmpty && batch.count == 0)
        batch.append(Array("B".utf8))
        batch.append(body: body(2000, 2))
        #expect(batch.bytes(from: 0) == Array("B".utf8) + body(2000, 2))
    }
}
