import CLinux
import Glibc

/// Thin, checked wrappers over the socket calls the server makes on raw file descriptors.
/// Every socket it creates is non-blocking and close-on-exec; writes never raise SIGPIPE.
enum Socket {
    /// A listening TCP socket bound to `host:port` (port 0: the kernel chooses). Not
    /// `SO_REUSEPORT`: a second process binding the same port fails with `EADDRINUSE` instead of
    /// silently sharing its traffic; the loops of one process share this socket (`duplicate`).
    /// Accepting is deferred until the client's first bytes arrive (`TCP_DEFER_ACCEPT`, as nginx's
    /// `deferred`), so a new connection comes with its request; one that sends nothing is
    /// accepted after a second all the same, and meets the header timeout. Accepted sockets
    /// inherit the listener's `TCP_NODELAY`.
    static func listen(host: String, port: UInt16, backlog: Int32 = 4096) throws(SystemError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let info = list else {
            throw status == EAI_SYSTEM ? SystemError(call: "getaddrinfo(\(host))", errno: Glibc.errno) : SystemError(resolving: host, status: status)
        }
        defer { freeaddrinfo(list) }
        let fd = try checked("socket") {
            socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
            try setOption(fd, Int32(IPPROTO_TCP), TCP_DEFER_ACCEPT, 1)
            try setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
            try checked("bind") { bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) }
            try checked("listen") { Glibc.listen(fd, backlog) }
        } catch {
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// A second descriptor, close-on-exec, for the same socket.
    static func duplicate(_ fd: Int32) throws(SystemError) -> Int32 {
        try checked("fcntl(F_DUPFD_CLOEXEC)") { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }

    /// The port a bound socket listens on.
    static func localPort(_ fd: Int32) throws(SystemError) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try withUnsafeMutablePointer(to: &storage) { pointer throws(SystemError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SystemError) in
                _ = try checked("getsockname") { getsockname(fd, address, &length) }
            }
        }
        return withUnsafeBytes(of: storage) { raw in
            // sin_port and sin6_port sit at the same offset, in network byte order.
            UInt16(bigEndian: raw.load(fromByteOffset: 2, as: UInt16.self))
        }
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket (with the listener's `TCP_NODELAY`).
    static func accept(_ listener: Int32, peer: inout sockaddr_storage) throws(SystemError) -> IOResult<Int32> {
        try syscall("accept4") {
            clinux_accept4(listener, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), &peer)
        }
    }

    /// Reads into `buffer`; `.done(0)` is the peer's end of stream.
    @inline(__always)
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try syscall("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Writes as much of `pieces`, in order, as the socket takes now (gathered by `sendmsg`),
    /// without raising SIGPIPE. `isLast`: the connection closes right after, so the kernel may hold
    /// a partial segment and send it with the FIN (MSG_MORE), one packet instead of two.
    @inline(__always)
    static func write(_ fd: Int32, _ pieces: UnsafeBufferPointer<iovec>, isLast: Bool) throws(SystemError) -> IOResult<Int> {
        var message = msghdr()
        message.msg_iov = UnsafeMutablePointer(mutating: pieces.baseAddress)
        message.msg_iovlen = pieces.count
        let flags = Int32(MSG_NOSIGNAL) | (isLast ? Int32(MSG_MORE) : 0)
        return try syscall("sendmsg") { sendmsg(fd, &message, flags) }
    }

    /// Shuts down the sending side: the peer reads end of stream after what was sent.
    static func shutdownWrite(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    /// Makes `close` send a reset (RST) and drop unsent data, rather than an orderly FIN.
    static func resetOnClose(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    private static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws(SystemError) {
        var value = value
        try checked("setsockopt") { setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) }
    }
}
