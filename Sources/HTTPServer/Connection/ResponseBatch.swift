import Glibc

/// The encoded responses of one batch, sent to one connection with one gathered write. What the encoder
/// writes (heads, chunk framing, small bodies) is copied into one buffer; a body of at least
/// `referenceThreshold` bytes (a prepared document) is kept by reference and gathered from where
/// it lies by `sendmsg`, so that its bytes are copied once, into the socket, rather than twice.
/// Non-copyable, as the buffer it owns.
struct ResponseBatch: ~Copyable, OutgoingBytes {
    /// A body kept by reference, sent after the first `offset` bytes of `buffer`.
    private struct Body {
        let offset: Int
        let bytes: [UInt8]
    }

    private var buffer: OutputBuffer
    private var bodies: [Body] = []
    private var bodyCount = 0

    /// Below this a body is copied: one copy of a few hundred bytes costs less than keeping a reference.
    static let referenceThreshold = 1024
    /// Pieces gathered by one `sendmsg` (IOV_MAX is 1024); a longer batch takes more calls.
    private static let maxPieces = 64

    init(capacity: Int) {
        buffer = OutputBuffer(capacity: capacity)
    }

    /// Every byte of the batch, bodies kept by reference included.
    var count: Int { buffer.count + bodyCount }
    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) { buffer.append(bytes) }
    @inline(__always)
    mutating func append(_ bytes: [UInt8]) { buffer.append(bytes) }
    @inline(__always)
    mutating func append(_ text: StaticString) { buffer.append(text) }
    @inline(__always)
    mutating func appendDecimal(_ value: Int) { buffer.appendDecimal(value) }
    @inline(__always)
    mutating func append(atMost maxCount: Int, _ write: (inout ByteCursor) -> Void) { buffer.append(atMost: maxCount, write) }

    /// Appends a response body: by reference from `referenceThreshold` bytes on, else copied.
    @inline(__always)
    mutating func append(body: [UInt8]) {
        guard body.count >= Self.referenceThreshold else {
            buffer.append(body)
            return
        }
        bodies.append(Body(offset: buffer.count, bytes: body))
        bodyCount += body.count
    }

    /// The batch from byte `offset` on as the pieces of one gathered write (at most `maxPieces`).
    func withPieces<Written>(from offset: Int, _ write: (UnsafeBufferPointer<iovec>) -> Written) -> Written {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: Self.maxPieces) { vectors in
            var gathered = Gathered(vectors: vectors, skip: offset)
            return gather(&gathered, bodiesFrom: 0, bufferStart: 0, write)
        }
    }

    /// The bytes from `offset` on, in one array: what waits in a connection's outbox.
    func bytes(from offset: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count - offset)
        var skip = offset
        func copy(_ piece: UnsafeRawBufferPointer) {
            guard skip < piece.count else { return skip -= piece.count }
            bytes.append(contentsOf: piece[skip...])
            skip = 0
        }
        let written = buffer.bytes
        var bufferStart = 0
        for kept in bodies {
            copy(UnsafeRawBufferPointer(rebasing: written[bufferStart..<kept.offset]))
            kept.bytes.withUnsafeBytes { copy($0) }
            bufferStart = kept.offset
        }
        copy(UnsafeRawBufferPointer(rebasing: written[bufferStart...]))
        return bytes
    }

    /// Empties the batch, releasing the bodies it kept; see `OutputBuffer.removeAll`.
    mutating func removeAll(keepingCapacity limit: Int) {
        buffer.removeAll(keepingCapacity: limit)
        bodies.removeAll(keepingCapacity: true)
        bodyCount = 0
    }

    /// The pieces gathered so far for one `sendmsg`, the first `skip` bytes of the batch left out.
    private struct Gathered {
        let vectors: UnsafeMutableBufferPointer<iovec>
        var count = 0
        var skip: Int

        init(vectors: UnsafeMutableBufferPointer<iovec>, skip: Int) {
            self.vectors = vectors
            self.skip = skip
        }

        var isFull: Bool { count == vectors.count }

        /// Adds `piece` without the bytes still to skip; an empty piece adds nothing.
        mutating func add(_ piece: UnsafeRawBufferPointer) {
            guard skip < piece.count else { return skip -= piece.count }
            let rest = UnsafeRawBufferPointer(rebasing: piece[skip...])
            vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: rest.baseAddress), iov_len: rest.count)
            count += 1
            skip = 0
        }
    }

    /// Gathers the pieces from the body at `index` on (the buffer's bytes between the bodies, and
    /// the bodies), until `gathered` is full, and calls `send` with them. Each body kept by
    /// reference is pinned by `withUnsafeBytes` around the rest of the gathering and the call, so
    /// no pointer outlives its closure; the nesting is at most `maxPieces` deep.
    private func gather<Sent>(_ gathered: inout Gathered, bodiesFrom index: Int, bufferStart: Int,
                              _ send: (UnsafeBufferPointer<iovec>) -> Sent) -> Sent {
        let written = buffer.bytes
        guard index < bodies.count else {
            if !gathered.isFull { gathered.add(UnsafeRawBufferPointer(rebasing: written[bufferStart...])) }
            return send(UnsafeBufferPointer(rebasing: gathered.vectors[..<gathered.count]))
        }
        let kept = bodies[index]
        gathered.add(UnsafeRawBufferPointer(rebasing: written[bufferStart..<kept.offset]))
        guard !gathered.isFull else { return send(UnsafeBufferPointer(rebasing: gathered.vectors[..<gathered.count])) }
        return kept.bytes.withUnsafeBytes { pinned in
            gathered.add(pinned)
            guard !gathered.isFull else { return send(UnsafeBufferPointer(rebasing: gathered.vectors[..<gathered.count])) }
            return gather(&gathered, bodiesFrom: index + 1, bufferStart: kept.offset, send)
        }
    }
}
