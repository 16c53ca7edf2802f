import CLinux

/// `ConnectionIO` over non-blocking sockets (`Socket`), watched by their loop's epoll. A
/// descriptor is closed by `close`, which also takes it out of epoll.
struct SocketIO: ConnectionIO {
    let loop: EventLoop

    @inline(__always)
    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try Socket.read(fd, into: buffer)
    }

    @inline(__always)
    func write(_ fd: Int32, _ pieces: UnsafeBufferPointer<iovec>, isLast: Bool) throws(SystemError) -> IOResult<Int> {
        try Socket.write(fd, pieces, isLast: isLast)
    }

    func unreadByteCount(_ fd: Int32) -> Int {
        Int(clinux_unread_bytes(fd))
    }

    func watch(_ fd: Int32, interest: UInt32) throws(SystemError) {
        try loop.register(fd, events: interest)
    }

    func changeInterest(_ fd: Int32, to interest: UInt32) throws(SystemError) {
        try loop.modify(fd, events: interest)
    }

    func shutdownWrite(_ fd: Int32) {
        Socket.shutdownWrite(fd)
    }

    func resetOnClose(_ fd: Int32) {
        Socket.resetOnClose(fd)
    }

    func close(_ fd: Int32) {
        Socket.close(fd)
    }
}
