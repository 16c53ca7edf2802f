import Glibc
@testable import HTTPServer

/// libFuzzer target `request-parser`: `RequestParser` and `BodyReader` fed the way an event loop
/// feeds them (`EventLoop.process`): bytes arrive in pieces, the growing buffer is re-parsed from
/// the first unconsumed byte, a complete head hands its body to a `BodyReader`, pipelined requests
/// follow. Linked with the `HTTPServer` module (see `scripts/fuzz`).
///
/// Input: byte 0 holds flags (bits 0-2: how many piece sizes follow, bit 3: small limits so that
/// short inputs reach 414, 431 and 413); then that many piece sizes (byte + 1, used in turn);
/// the rest is the wire. The process traps (a libFuzzer crash) when:
/// - the outcome in pieces differs from the outcome of the whole (each request's method, path,
///   query, version, fields, persistence, framing and length; each body's length; the error's
///   status and detail; what is left buffered): a prefix may only answer "need more" or the
///   whole's answer;
/// - a head the parser completes (its target perhaps the one before it, read again from the scratch)
///   is one `ReferenceHead`, a plain reading of RFC 9112 and docs/spec.md §6,
///   refuses or reads differently, or a complete head the reference accepts is refused;
/// - a body `BodyReader` ends, refuses or waits on where `ReferenceBody` does not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let pieceCount = Int(data[0] & 7)
    guard size > pieceCount else { return 0 }
    let pieces = (0..<pieceCount).map { Int(data[1 + $0]) + 1 }
    let wire = Array(UnsafeBufferPointer(start: data + 1 + pieceCount, count: size - 1 - pieceCount))
    let small = data[0] & 8 != 0
    let limits = small ? FuzzLimits.small : FuzzLimits.standard
    let scratch = small ? FuzzLimits.smallScratch : FuzzLimits.standardScratch

    let whole = Replay.run(wire, arrivals: [wire.count], limits: limits, scratch: scratch.scratch, checkReference: true)
    if !pieces.isEmpty {
        let inPieces = Replay.run(wire, arrivals: Replay.arrivals(of: wire.count, pieces: pieces), limits: limits,
                                  scratch: scratch.scratch, checkReference: false)
        if inPieces != whole {
            fatalError("in pieces \(pieces): \(inPieces)\nwhole: \(whole)")
        }
    }
    return 0
}

/// The limits each input runs under, and one parser scratch per limits, reused from input to
/// input as an event loop reuses its own.
enum FuzzLimits {
    static let standard = RequestLimits()
    static let small: RequestLimits = {
        var limits = RequestLimits()
        limits.maxRequestLine = 64
        limits.maxHeaderBytes = 128
        limits.maxHeaderCount = 4
        limits.maxBodyBytes = 100
        return limits
    }()
    nonisolated(unsafe) static let standardScratch = ScratchBox(limits: standard)
    nonisolated(unsafe) static let smallScratch = ScratchBox(limits: small)
}

final class ScratchBox {
    let scratch: RequestParser.Scratch
    init(limits: RequestLimits) { scratch = RequestParser.Scratch(limits: limits) }
}

/// What a connection saw, in order; two runs over the same wire must see the same.
enum ReplayEvent: Equatable, CustomStringConvertible {
    case head(HeadSummary)
    /// A body ended after `length` bytes.
    case body(length: Int)
    case failure(status: Int, detail: String)
    /// The wire ran out: `buffered` bytes of an incomplete head wait, or a body is unfinished.
    case end(buffered: Int, inBody: Bool)

    var description: String {
        switch self {
        case .head(let head): "head(\(head))"
        case .body(let length): "body(\(length))"
        case .failure(let status, let detail): "failure(\(status) \(detail))"
        case .end(let buffered, let inBody): "end(buffered: \(buffered), inBody: \(inBody))"
        }
    }
}

/// A completed head as the parser read it.
struct HeadSummary: Equatable {
    var method: String
    var path: String
    var query: String
    var version: Request.Version
    var isKeepAlive: Bool
    var framing: BodyFraming
    var consumed: Int
    var fieldCount: Int
    /// For each field name in the head (lower-cased, first appearance order), `fields.values(name)`.
    var fields: [String: [String]]

    init(_ request: Request, _ framing: BodyFraming, consumed: Int, names: [String]) {
        method = request.method.rawValue
        path = request.path
        query = request.query
        version = request.version
        isKeepAlive = request.isKeepAlive
        self.framing = framing
        self.consumed = consumed
        fieldCount = request.fields.count
        fields = [:]
        for name in names { fields[name] = request.fields.values(name) }
    }
}

/// One connection's input replayed through the parser and the body reader.
enum Replay {
    /// Where each arrival ends: the piece sizes in turn, at most 1,000 arrivals, the rest at once.
    static func arrivals(of count: Int, pieces: [Int]) -> [Int] {
        var ends: [Int] = []
        var end = 0
        var index = 0
        while end < count && ends.count < 1000 {
            end = min(count, end + pieces[index % pieces.count])
            ends.append(end)
            index += 1
        }
        if end < count { ends.append(count) }
        return ends
    }

    private enum Phase {
        case head
        case body(BodyReader, framing: BodyFraming, length: Int)
    }

    static func run(_ wire: [UInt8], arrivals: [Int], limits: RequestLimits, scratch: borrowing RequestParser.Scratch,
                    checkReference: Bool) -> [ReplayEvent] {
        var events: [ReplayEvent] = []
        var pending: [UInt8] = []
        var phase = Phase.head
        var received = 0
        for arrival in arrivals {
            pending += wire[received..<arrival]
            received = arrival
            var offset = 0
            processing: while true {
                switch phase {
                case .head:
                    guard offset < pending.count else { break processing }
                    let outcome = withExactCopy(pending[offset...]) { bytes in
                        Result { () throws(ParseError) -> RequestParser.Outcome in
                            try RequestParser.parse(bytes, limits: limits, scratch: scratch)
                        }
                    }
                    if checkReference { ReferenceHead.check(outcome, against: pending[offset...], limits: limits) }
                    switch outcome {
                    case .failure(let error):
                        events.append(.failure(status: error.status.code, detail: error.detail))
                        return events
                    case .success(.needMore):
                        break processing
                    case .success(.complete(let request, let framing, let consumed)):
                        precondition(consumed > 0 && consumed <= pending.count - offset, "consumed \(consumed) of \(pending.count - offset)")
                        let names = ReferenceHead.fieldNames(pending[offset..<(offset + consumed)])
                        events.append(.head(HeadSummary(request, framing, consumed: consumed, names: names)))
                        offset += consumed
                        if framing != .none {
                            phase = .body(BodyReader(framing: framing, maxBodyBytes: limits.maxBodyBytes, maxKeptBytes: limits.maxKeptBodyBytes), framing: framing, length: 0)
                        }
                    }
                case .body(var reader, let framing, let length):
                    let available = pending.count - offset
                    let result = withExactCopy(pending[offset...]) { bytes in
                        Result { () throws(ParseError) -> Int in try reader.consume(bytes) }
                    }
                    if checkReference && length == 0 {
                        ReferenceBody.check(result, isComplete: reader.isComplete, framing: framing, bytes: pending[offset...], limits: limits)
                    }
                    switch result {
                    case .failure(let error):
                        events.append(.failure(status: error.status.code, detail: error.detail))
                        return events
                    case .success(let used):
                        precondition(used >= 0 && used <= available, "the body reader took \(used) of \(available) bytes")
                        precondition(reader.isComplete || used == available, "an unfinished body left \(available - used) bytes")
                        offset += used
                        if reader.isComplete {
                            events.append(.body(length: length + used))
                            phase = .head
                        } else {
                            phase = .body(reader, framing: framing, length: length + used)
                            break processing
                        }
                    }
                }
            }
            pending = Array(pending[offset...])
        }
        if case .body = phase {
            events.append(.end(buffered: pending.count, inBody: true))
        } else {
            events.append(.end(buffered: pending.count, inBody: false))
        }
        return events
    }

    /// Runs `body` over a copy of `bytes` in an allocation of exactly their size, so that
    /// AddressSanitizer reports any read past the end.
    private static func withExactCopy<T>(_ bytes: ArraySlice<UInt8>, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        defer { copy.deallocate() }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        return body(UnsafeRawBufferPointer(copy))
    }
}
