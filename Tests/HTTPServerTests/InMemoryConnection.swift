import Glibc
@testable import HTTPServer

/// One connection with no socket under it, seen from the peer's side, as a test drives swift-nio's
/// `EmbeddedChannel`: what the test `send`s waits until the handler reads it; what the handler
/// writes collects until the test takes it (`received`); the test says how many more bytes the
/// transport takes (`writableBytes`: 0 makes writes would-block, a few makes them partial) and
/// closes its side (`closeFromPeer`: end of stream after the bytes sent). What the handler did to
/// it is recorded: the epoll interest it asked for, its reads and writes, the write side shut down,
/// the close and the reset.
final class InMemoryConnection {
    let fd: Int32
    /// Sent by the peer and not read yet.
    fileprivate(set) var inbound: [UInt8] = []
    /// Written by the handler and not taken by the test yet.
    fileprivate var outbound: [UInt8] = []
    /// How many more bytes writes take (the room left in a socket's send buffer).
    var writableBytes = Int.max
    private(set) var isPeerClosed = false
    fileprivate(set) var interest = ConnectionStateMachine.Interest()
    fileprivate(set) var reads = 0
    /// Writes that took at least one byte.
    fileprivate(set) var writes = 0
    fileprivate(set) var isWriteShutDown = false
    fileprivate(set) var isClosed = false
    fileprivate(set) var isReset = false

    fileprivate init(fd: Int32) {
        self.fd = fd
    }

    func send(_ text: String) {
        inbound += text.utf8
    }

    /// The peer shuts down its sending side: end of stream after what it sent.
    func closeFromPeer() {
        isPeerClosed = true
    }

    /// Takes every byte written since the last call, as text.
    func received() -> String {
        defer { outbound = [] }
        return String(decoding: outbound, as: UTF8.self)
    }

    /// The epoll events ready now among those the handler asked for (level-triggered, as the loop's).
    var readyEvents: UInt32 {
        guard !isClosed else { return 0 }
        var ready = ConnectionStateMachine.Interest()
        if !inbound.isEmpty || isPeerClosed { ready.insert(.input) }
        if isPeerClosed { ready.insert(.hangUp) }
        if writableBytes > 0 && !isWriteShutDown { ready.insert(.output) }
        return ready.intersection(interest).rawValue
    }
}

/// `ConnectionIO` over `InMemoryConnection`s, by descriptor: the transport an `InMemoryLoop`'s
/// handler reads and writes. Misuse a socket would refuse fails the same way: a write after the
/// write side was shut down (EPIPE), any call on a closed connection (EBADF).
final class InMemoryTransport: ConnectionIO {
    private var connections: [Int32: InMemoryConnection] = [:]
    private var nextFd: Int32 = 3

    var all: [InMemoryConnection] { connections.keys.sorted().compactMap { connections[$0] } }

    func connect() -> InMemoryConnection {
        defer { nextFd += 1 }
        let connection = InMemoryConnection(fd: nextFd)
        connections[nextFd] = connection
        return connection
    }

    func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        let connection = try open(fd, "read")
        connection.reads += 1
        guard !connection.inbound.isEmpty else { return connection.isPeerClosed ? .done(0) : .wouldBlock }
        let count = min(buffer.count, connection.inbound.count)
        buffer.copyBytes(from: connection.inbound[..<count])
        connection.inbound.removeFirst(count)
        return .done(count)
    }

    func write(_ fd: Int32, _ pieces: UnsafeBufferPointer<iovec>, isLast: Bool) throws(SystemError) -> IOResult<Int> {
        let connection = try open(fd, "sendmsg")
        if connection.isWriteShutDown { throw SystemError(call: "sendmsg", errno: EPIPE) }
        guard connection.writableBytes > 0 else { return .wouldBlock }
        var taken = 0
        for piece in pieces where taken < connection.writableBytes {
            let count = min(piece.iov_len, connection.writableBytes - taken)
            connection.outbound += UnsafeRawBufferPointer(start: piece.iov_base, count: count)
            taken += count
        }
        if connection.writableBytes != .max { connection.writableBytes -= taken }
        connection.writes += 1
        return .done(taken)
    }

    func unreadByteCount(_ fd: Int32) -> Int {
        connections[fd]?.inbound.count ?? 0
    }

    func watch(_ fd: Int32, interest: UInt32) throws(SystemError) {
        try open(fd, "epoll_ctl").interest = ConnectionStateMachine.Interest(rawValue: interest)
    }

    func changeInterest(_ fd: Int32, to interest: UInt32) throws(SystemError) {
        try open(fd, "epoll_ctl").interest = ConnectionStateMachine.Interest(rawValue: interest)
    }

    func shutdownWrite(_ fd: Int32) {
        connections[fd]?.isWriteShutDown = true
    }

    func resetOnClose(_ fd: Int32) {
        connections[fd]?.isReset = true
    }

    func close(_ fd: Int32) {
        connections[fd]?.isClosed = true
        connections[fd]?.interest = []
    }

    private func open(_ fd: Int32, _ call: String) throws(SystemError) -> InMemoryConnection {
        guard let connection = connections[fd], !connection.isClosed else { throw SystemError(call: call, errno: EBADF) }
        return connection
    }
}
