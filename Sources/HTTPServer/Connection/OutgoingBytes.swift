import Glibc

/// Bytes on their way to a connection, written from an offset as far as the transport takes them:
/// a batch of responses (`ResponseBatch`), or the unsent rest of a connection's outbox.
protocol OutgoingBytes: ~Copyable {
    var count: Int { get }
    /// Calls `write` with the bytes from `offset` on, as the pieces of one gathered write (as many
    /// as one call takes: `Connection` writes again from where that one stopped).
    func withPieces<Written>(from offset: Int, _ write: (UnsafeBufferPointer<iovec>) -> Written) -> Written
}

extension UnsafeRawBufferPointer: OutgoingBytes {
    @inline(__always)
    func withPieces<Written>(from offset: Int, _ write: (UnsafeBufferPointer<iovec>) -> Written) -> Written {
        let rest = UnsafeRawBufferPointer(rebasing: self[offset...])
        var piece = iovec(iov_base: UnsafeMutableRawPointer(mutating: rest.baseAddress), iov_len: rest.count)
        return withUnsafePointer(to: &piece) { write(UnsafeBufferPointer(start: $0, count: 1)) }
    }
}
