import Glibc

/// The encoded responses of one batch, sent to one socket with one system call. What the encoder
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

    /// Sends what the socket takes now of the batch from byte `offset` on, its pieces gathered.
    func send(to fd: Int32, from offset: Int, isLast: Bool) throws(SystemError) -> IOResult<Int> {
        try withUnsafeTemporaryAllocation(of: iovec.self, capacity: Self.maxPieces) { vectors throws(SystemError) in
            var count = 0
            forEachPiece(from: offset) { piece in
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: piece.baseAddress), iov_len: piece.count)
                count += 1
                return count < Self.maxPieces
            }
            return try Socket.write(fd, UnsafeBufferPointer(rebasing: vectors[..<count]), isLast: isLast)
        }
    }

    /// The bytes from `offset` on, in one array: what waits in a connection's outbox.
    func bytes(from offset: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count - offset)
        forEachPiece(from: offset) { piece in
            bytes.append(contentsOf: piece)
            return true
        }
        return bytes
    }

    /// Empties the batch, releasing the bodies it kept; see `OutputBuffer.removeAll`.
    mutating func removeAll(keepingCapacity limit: Int) {
        buffer.removeAll(keepingCapacity: limit)
        bodies.removeAll(keepingCapacity: true)
        bodyCount = 0
    }

    /// Calls `body` with each non-empty piece of the batch in order, from byte `offset` on, until
    /// it returns false: the buffer's bytes between the bodies, and the bodies.
    private func forEachPiece(from offset: Int, _ body: (UnsafeRawBufferPointer) -> Bool) {
        var skip = offset
        var bufferStart = 0
        /// Offers `piece` without its first `skip` bytes; false when `body` wants no more.
        func offer(_ piece: UnsafeRawBufferPointer) -> Bool {
            if skip >= piece.count {
                skip -= piece.count
                return true
            }
            defer { skip = 0 }
            return body(UnsafeRawBufferPointer(rebasing: piece[skip...]))
        }
        let written = buffer.bytes
        for kept in bodies {
            guard offer(UnsafeRawBufferPointer(rebasing: written[bufferStart..<kept.offset])) else { return }
            // The pointer outlives `withUnsafeBytes`, for `sendmsg`: safe, because a native array's
            // elements stay where they are while it lives unmutated, and `bodies` holds this one,
            // immutable, until the batch is emptied, after the call.
            guard offer(kept.bytes.withUnsafeBytes { $0 }) else { return }
            bufferStart = kept.offset
        }
        _ = offer(UnsafeRawBufferPointer(rebasing: written[bufferStart...]))
    }
}
