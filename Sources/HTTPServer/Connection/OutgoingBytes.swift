/// Bytes on their way to a socket, sent from an offset as far as the socket takes them: a batch
/// of responses (`ResponseBatch`), or the unsent rest of a connection's outbox.
protocol OutgoingBytes: ~Copyable {
    var count: Int { get }
    /// Sends what the socket takes now from byte `offset` on (`Socket.write`: without SIGPIPE;
    /// `isLast`: the kernel may send the end with the FIN).
    func send(to fd: Int32, from offset: Int, isLast: Bool) throws(SystemError) -> IOResult<Int>
}

extension UnsafeRawBufferPointer: OutgoingBytes {
    @inline(__always)
    func send(to fd: Int32, from offset: Int, isLast: Bool) throws(SystemError) -> IOResult<Int> {
        try Socket.write(fd, UnsafeRawBufferPointer(rebasing: self[offset...]), isLast: isLast)
    }
}
