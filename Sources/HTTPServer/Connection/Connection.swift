/// One accepted connection: its state machine, the bytes it has received but not answered, the bytes
/// its transport has not taken yet, and its deadline. Owned by its loop's `ConnectionHandler` and
/// touched only on that loop's thread. It holds heap memory only while it has a partial request
/// (`pending`) or unsent output (`outbox`); an idle keep-alive connection is this object and its
/// file descriptor. Its state opts out of the runtime exclusivity checks, as the loop's does (see
/// `EventLoop`).
final class Connection {
    /// The request in progress beyond what the state machine tracks.
    enum Work {
        case none
        /// The body of `request` is being read and discarded before it is dispatched (boxed: an
        /// idle connection keeps no room for a request it is not reading).
        indirect case body(Request, BodyReader)
        /// The handler answers later through this exchange (`waiting` or `streaming`).
        case reply(Exchange)
    }

    let fd: Int32
    let peer: PeerAddress
    @exclusivity(unchecked) private(set) var machine = ConnectionStateMachine()
    @exclusivity(unchecked) var work = Work.none
    /// Received bytes not yet consumed: the start of the next request(s).
    @exclusivity(unchecked) var pending: [UInt8] = []
    /// Encoded bytes the transport has not taken yet, from `outboxOffset` on.
    @exclusivity(unchecked) private var outbox: [UInt8] = []
    @exclusivity(unchecked) private var outboxOffset = 0
    /// When the current timeout expires, in loop milliseconds.
    @exclusivity(unchecked) var deadline: Int64
    /// The epoll events registered now.
    @exclusivity(unchecked) private var registeredInterest: UInt32
    /// When the request being answered was parsed, in loop microseconds, for the access log.
    @exclusivity(unchecked) var requestStartMicroseconds: Int64 = 0

    init(fd: Int32, peer: PeerAddress, deadline: Int64) {
        self.fd = fd
        self.peer = peer
        self.deadline = deadline
        registeredInterest = machine.interest.rawValue
    }

    /// Reports `event` to the state machine; returns what the loop is to do.
    @inline(__always)
    func handle(_ event: ConnectionStateMachine.Event) -> ConnectionStateMachine.Action {
        machine.handle(event)
    }

    var isClosed: Bool { machine.isClosed }

    /// A request has begun but its head or body is not complete.
    var hasPartialRequest: Bool {
        if case .body = work { return true }
        return !pending.isEmpty
    }

    var hasUnsentOutput: Bool { !outbox.isEmpty }

    /// The epoll events the state machine wants, when they differ from those registered (which
    /// they then are taken to be).
    func interestChange() -> UInt32? {
        let wanted = machine.interest.rawValue
        guard wanted != registeredInterest else { return nil }
        registeredInterest = wanted
        return wanted
    }

    /// Sends `batch` after what already waits, keeping what `io` does not take; returns whether
    /// everything is sent.
    func send(_ batch: borrowing ResponseBatch, through io: any ConnectionIO) throws(SystemError) -> Bool {
        if outbox.isEmpty {
            let written = try write(batch, through: io)
            if written < batch.count { outbox = batch.bytes(from: written) }
        } else {
            outbox += batch.bytes(from: 0)
        }
        return outbox.isEmpty
    }

    /// Writes what `io` takes of the outbox; returns how many bytes it took.
    func writeOutbox(through io: any ConnectionIO) throws(SystemError) -> Int {
        let written = try outbox.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try write(UnsafeRawBufferPointer(rebasing: bytes[outboxOffset...]), through: io) }
        }.get()
        outboxOffset += written
        if outboxOffset == outbox.count {
            outbox = []
            outboxOffset = 0
        }
        return written
    }

    /// Lets go of every buffered byte and the request in progress: the connection answers no more.
    func release() {
        work = .none
        pending = []
        outbox = []
        outboxOffset = 0
    }

    /// Writes what `io` takes now.
    private func write(_ bytes: borrowing some OutgoingBytes & ~Copyable, through io: any ConnectionIO) throws(SystemError) -> Int {
        let isLast = machine.isSendingLastResponse
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withPieces(from: offset) { pieces in
                Result { () throws(SystemError) in try io.write(fd, pieces, isLast: isLast) }
            }
            guard case .done(let written) = try result.get() else { break }
            offset += written
        }
        return offset
    }
}
