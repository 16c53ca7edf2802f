import Glibc

/// What `ConnectionHandler` does to its connections' transport, each connection named by its
/// descriptor: read, gathered write, half-close, close, and the epoll interest the loop watches it
/// for. The socket implementation is `SocketIO`; tests drive the handler over an in-memory one,
/// with no socket (as swift-nio's `EmbeddedChannel`). Every call is made on the loop's thread.
///
/// Guarantees asked of a conformer: `read` and `write` never block (`.wouldBlock` instead), a
/// `write` takes a prefix of its pieces in order, and `close` is the last call for a descriptor.
protocol ConnectionIO {
    /// Reads what has arrived into `buffer`; `.done(0)` is the peer's end of stream.
    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int>
    /// Writes as much of `pieces`, in order, as the transport takes now. `isLast`: the connection
    /// closes right after (a socket may send the end with the FIN).
    func write(_ fd: Int32, _ pieces: UnsafeBufferPointer<iovec>, isLast: Bool) throws(SystemError) -> IOResult<Int>
    /// Bytes that arrived and were not read yet.
    func unreadByteCount(_ fd: Int32) -> Int
    /// Starts watching a new connection for `interest` (epoll events).
    func watch(_ fd: Int32, interest: UInt32) throws(SystemError)
    /// Watches the connection for `interest` from now on.
    func changeInterest(_ fd: Int32, to interest: UInt32) throws(SystemError)
    /// Shuts down the sending side: the peer reads end of stream after what was written.
    func shutdownWrite(_ fd: Int32)
    /// Makes `close` reset the connection (RST) and drop unsent bytes, rather than end it in order.
    func resetOnClose(_ fd: Int32)
    func close(_ fd: Int32)
}
