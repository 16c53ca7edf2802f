import CLinux

/// One accepted socket's state, owned by its event loop and touched only on that loop's thread.
/// It holds heap memory only while it has a partial request (`pending`) or unsent output
/// (`outbox`); an idle keep-alive connection is this object and its file descriptor. Its state
/// opts out of the runtime exclusivity checks, as the loop's does (see `EventLoop`).
final class Connection {
    enum Phase {
        /// Waiting for, or reading, a request head.
        case head
        /// Reading and discarding the body of `request` before it is dispatched (boxed: an idle
        /// connection keeps no room for a request it is not reading).
        indirect case body(Request, BodyReader)
        /// A deferred reply is pending; reading is paused (one request at a time).
        case waiting(Exchange)
        /// A streamed body is being sent; reading is paused.
        case streaming(Exchange)
        /// The write side is shut down; input is discarded until end of stream or the deadline (RFC 9112 §9.6).
        case lingering
    }

    let fd: Int32
    let peer: PeerAddress
    @exclusivity(unchecked) var phase: Phase = .head
    /// Received bytes not yet consumed: the start of the next request(s).
    @exclusivity(unchecked) var pending: [UInt8] = []
    /// Encoded bytes the socket has not taken yet, from `outboxOffset` on.
    @exclusivity(unchecked) var outbox: [UInt8] = []
    @exclusivity(unchecked) var outboxOffset = 0
    /// When the current timeout (header, idle, write or linger) expires, in loop milliseconds.
    @exclusivity(unchecked) var deadline: Int64
    /// Whether `deadline` is the header timeout of a request in progress.
    @exclusivity(unchecked) var isTimingRequest = false
    /// Close once `outbox` is written: the last response said `Connection: close`, or an error did.
    @exclusivity(unchecked) var closeAfterFlush = false
    /// Close gracefully (shut down writing, drain input) rather than at once.
    @exclusivity(unchecked) var lingerAfterFlush = false
    /// Input arrived while a reply was pending, and waits unread until the reply is done. Until
    /// then a pending reply leaves EPOLLIN registered, so that the common case (nothing more
    /// is sent) costs no `epoll_ctl` at either end of a long poll or a stream.
    @exclusivity(unchecked) var hasInputWaiting = false
    /// The peer has shut down its write side.
    @exclusivity(unchecked) var isPeerHalfClosed = false
    @exclusivity(unchecked) var isClosed = false
    @exclusivity(unchecked) var servedRequests = 0
    /// The epoll events currently registered.
    @exclusivity(unchecked) var interest: UInt32
    /// When the request being answered was parsed, in loop microseconds, for the access log.
    @exclusivity(unchecked) var requestStartMicroseconds: Int64 = 0

    init(fd: Int32, peer: PeerAddress, deadline: Int64, interest: UInt32) {
        self.fd = fd
        self.peer = peer
        self.deadline = deadline
        self.interest = interest
    }

    /// A deferred reply or a streamed body is in progress.
    var isStreaming: Bool {
        switch phase {
        case .waiting, .streaming: true
        case .head, .body, .lingering: false
        }
    }

    /// A request has begun but its head or body is not complete.
    var hasPartialRequest: Bool {
        switch phase {
        case .body: true
        case .head: !pending.isEmpty
        case .waiting, .streaming, .lingering: false
        }
    }

    /// No request in progress and nothing to send: safe to close at shutdown or on idle timeout.
    var isIdle: Bool {
        if case .head = phase { return pending.isEmpty && outbox.isEmpty }
        return false
    }

    /// The epoll events to register: output while some waits, input while `wantsInput`, and the
    /// peer's half-close until it has come.
    var wantedEvents: UInt32 {
        var wanted: UInt32 = 0
        if !outbox.isEmpty { wanted |= EPOLLOUT.rawValue }
        if wantsInput { wanted |= EPOLLIN.rawValue }
        if !isPeerHalfClosed { wanted |= EPOLLRDHUP.rawValue }
        return wanted
    }

    /// Reading is wanted, or harmless: not while output is backed up, nor once input has come
    /// while a reply is pending (one request at a time).
    var wantsInput: Bool {
        switch phase {
        case .head, .body: outbox.isEmpty && !closeAfterFlush
        case .lingering: true
        case .waiting, .streaming: !hasInputWaiting
        }
    }
}
