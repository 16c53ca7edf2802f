import CLinux

/// A connection's life as a value, as AsyncHTTPClient's `HTTP1ConnectionStateMachine`: the loop
/// reports what happened (`Event`), the machine moves to its next `State` and answers with what to
/// do (`Action`), which the loop carries out. No I/O and no clock inside, so every transition is a
/// row of a table tested without a socket (`ConnectionStateMachineTests`).
///
/// What it guarantees, whatever the order of events:
/// - One request at a time (RFC 9112 §9.3.2 pipelining, answered in order): requests are read and
///   dispatched only in `idle` and `receiving`, never while a reply is pending or output is backed up.
/// - Exactly one timeout runs in each state: the header timeout from a request's first byte (408
///   when it passes), the idle timeout between requests and from the last progress of backed-up
///   output, the linger timeout after a graceful close, and none while a reply is pending.
/// - After a response that ends the connection, nothing more is read or answered; after an error
///   response the close is graceful: writing shut down, input read and dropped until the peer's
///   end of stream or the linger timeout (RFC 9112 §9.6), so that the peer gets the response, not
///   a reset.
/// - `closed` is final: every event there is ignored.
/// - An event the loop cannot report in a state (`canHappen(_:in:)` is false) fails an assertion in
///   debug builds, naming both; release builds ignore it (no transition, no action).
struct ConnectionStateMachine {
    enum State: Hashable {
        /// No request begun and nothing unsent. Deadline: the idle timeout (or, before the first
        /// request, the header timeout from accepting).
        case idle
        /// A request's head or body has begun but is not complete. Deadline: the header timeout.
        case receiving
        /// Responses wait for the socket to take them; reading and dispatching pause until it has
        /// (buffered requests are not late meanwhile). Deadline: the idle timeout from the last progress.
        case sending
        /// A deferred reply is pending (one request at a time). EPOLLIN stays registered until
        /// input arrives (`hasInputWaiting`), so that the usual long poll costs no `epoll_ctl`.
        case waiting(hasInputWaiting: Bool, isOutputBackedUp: Bool)
        /// A streamed response is being sent; otherwise as `waiting`.
        case streaming(hasInputWaiting: Bool, isOutputBackedUp: Bool)
        /// The last response is queued: close once it is sent, gracefully (`isGraceful`) after an
        /// error. Deadline: the idle timeout from the last progress.
        case closing(isGraceful: Bool, isPeerHalfClosed: Bool)
        /// Writing is shut down; input is read and dropped until the peer's end of stream or the
        /// linger timeout (RFC 9112 §9.6).
        case lingering
        case closed
    }

    enum Event: Hashable {
        /// Received bytes were processed: every complete request in them dispatched; what is left
        /// is part of a request (`hasPartialRequest`), or nothing.
        case inputProcessed(hasPartialRequest: Bool)
        /// The handler of the request just dispatched will answer later.
        case requestDeferred
        /// The pending reply began a streamed response.
        case streamStarted
        /// A response was queued (immediate, deferred, or the end of a stream); `keepAlive` is
        /// what it said (RFC 9112 §9.3).
        case replied(keepAlive: Bool)
        /// A request could not be parsed; its error response is queued.
        case requestRejected
        /// A write left bytes the socket did not take (after some progress, or none yet).
        case outputBackedUp
        /// Everything queued is written.
        case outputDrained
        /// Input arrived while a reply is pending; it waits unread.
        case inputArrived
        /// A read returned the peer's end of stream.
        case endOfStream
        /// The peer shut down its sending side (EPOLLRDHUP) while the connection was not reading.
        case readHangUp
        /// The connection's deadline passed.
        case deadlinePassed
        /// The server began to drain; `hasPendingInput`: bytes were received (read or not) that
        /// no response answers yet.
        case drainBegan(hasPendingInput: Bool)
        /// The socket failed (an error, EPOLLHUP), the handler aborted the exchange, or the drain's
        /// grace period ended.
        case abandoned
    }

    enum Timeout: Hashable {
        case header
        case idle
    }

    enum Action: Hashable {
        case none
        /// Restart the deadline: `timeout` from now.
        case setDeadline(Timeout)
        /// No deadline while a reply is pending.
        case clearDeadline
        /// Dispatch the requests buffered while reading paused, then report `inputProcessed`.
        case dispatchBuffered
        /// Queue a 408 and send it (the machine already expects its graceful close).
        case sendRequestTimeout
        /// Shut down writing, drop what is buffered, and linger until the linger timeout.
        case shutDownWriting
        /// Tell the pending exchange that the server is draining (`Exchange.onDrain`).
        case drainExchange
        /// Close the socket, ending any pending exchange.
        case close
    }

    /// The epoll events a state wants: input while it reads (or, with a reply pending, until input
    /// arrives), output while output is backed up, and the peer's half-close until it has come.
    struct Interest: OptionSet, Hashable {
        let rawValue: UInt32
        static let input = Interest(rawValue: EPOLLIN.rawValue)
        static let output = Interest(rawValue: EPOLLOUT.rawValue)
        static let hangUp = Interest(rawValue: EPOLLRDHUP.rawValue)
    }

    private(set) var state: State

    init(state: State = .idle) {
        self.state = state
    }

    @inline(__always)
    mutating func handle(_ event: Event) -> Action {
        assert(Self.canHappen(event, in: state), "impossible event \(event) in state \(state)")
        return switch event {
        case .inputProcessed(let hasPartialRequest): inputProcessed(hasPartialRequest: hasPartialRequest)
        case .requestDeferred: requestDeferred()
        case .streamStarted: streamStarted()
        case .replied(let keepAlive): replied(keepAlive: keepAlive)
        case .requestRejected: requestRejected()
        case .outputBackedUp: outputBackedUp()
        case .outputDrained: outputDrained()
        case .inputArrived: inputArrived()
        case .endOfStream: endOfStream()
        case .readHangUp: readHangUp()
        case .deadlinePassed: deadlinePassed()
        case .drainBegan(let hasPendingInput): drainBegan(hasPendingInput: hasPendingInput)
        case .abandoned: abandoned()
        }
    }

    /// Whether the loop can report `event` in `state`. Requests are dispatched (answered at once,
    /// deferred or rejected) only while the machine accepts them; a stream starts only from a
    /// pending reply, and a reply comes only to a request being dispatched or pending (`Exchange`
    /// does nothing once its connection is closed); no deadline runs while a reply is pending.
    /// Every other pair can happen, in some order of the peer's, the socket's and the clock's doing.
    static func canHappen(_ event: Event, in state: State) -> Bool {
        switch (event, state) {
        case (.requestDeferred, .idle), (.requestDeferred, .receiving), (.requestRejected, .idle), (.requestRejected, .receiving):
            true
        case (.requestDeferred, _), (.requestRejected, _):
            false
        case (.streamStarted, .waiting):
            true
        case (.streamStarted, _):
            false
        case (.replied, .sending), (.replied, .closing), (.replied, .lingering), (.replied, .closed):
            false
        case (.deadlinePassed, .waiting), (.deadlinePassed, .streaming):
            false
        default:
            true
        }
    }

    /// Requests are read, parsed and dispatched.
    var acceptsRequests: Bool {
        switch state {
        case .idle, .receiving: true
        default: false
        }
    }

    /// The socket is read: for requests, or to drop what a lingering peer still sends.
    var readsInput: Bool {
        switch state {
        case .idle, .receiving, .lingering: true
        default: false
        }
    }

    /// Received bytes not yet answered are kept: more requests will be answered.
    var answersMoreRequests: Bool {
        switch state {
        case .closing, .lingering, .closed: false
        default: true
        }
    }

    /// The output queued now is the connection's last (the kernel may send its end with the FIN).
    var isSendingLastResponse: Bool {
        if case .closing = state { return true }
        return false
    }

    var isClosed: Bool { state == .closed }

    var interest: Interest {
        switch state {
        case .idle, .receiving, .lingering:
            return [.input, .hangUp]
        case .sending:
            return [.output, .hangUp]
        case .waiting(let hasInputWaiting, let isOutputBackedUp), .streaming(let hasInputWaiting, let isOutputBackedUp):
            var interest: Interest = .hangUp
            if !hasInputWaiting { interest.insert(.input) }
            if isOutputBackedUp { interest.insert(.output) }
            return interest
        case .closing(_, let isPeerHalfClosed):
            return isPeerHalfClosed ? .output : [.output, .hangUp]
        case .closed:
            return []
        }
    }

    private mutating func inputProcessed(hasPartialRequest: Bool) -> Action {
        switch state {
        case .idle:
            if hasPartialRequest {
                state = .receiving
                return .setDeadline(.header)
            }
            return .setDeadline(.idle)
        case .receiving:
            if hasPartialRequest { return .none }  // the header timeout runs from the request's first byte
            state = .idle
            return .setDeadline(.idle)
        case .sending, .waiting, .streaming, .closing, .lingering, .closed:
            return .none  // bytes held back while output or a reply is pending are not late
        }
    }

    private mutating func requestDeferred() -> Action {
        guard acceptsRequests else { return .none }
        state = .waiting(hasInputWaiting: false, isOutputBackedUp: false)
        return .clearDeadline
    }

    private mutating func streamStarted() -> Action {
        guard case .waiting(let hasInputWaiting, let isOutputBackedUp) = state else { return .none }
        state = .streaming(hasInputWaiting: hasInputWaiting, isOutputBackedUp: isOutputBackedUp)
        return .none
    }

    private mutating func replied(keepAlive: Bool) -> Action {
        switch state {
        case .idle, .receiving:
            state = keepAlive ? .idle : .closing(isGraceful: false, isPeerHalfClosed: false)
            return .none
        case .waiting(_, let isOutputBackedUp), .streaming(_, let isOutputBackedUp):
            if !keepAlive {
                state = .closing(isGraceful: false, isPeerHalfClosed: false)
                return .none
            }
            if isOutputBackedUp {
                state = .sending
                return .setDeadline(.idle)
            }
            state = .idle
            return .dispatchBuffered
        case .sending, .closing, .lingering, .closed:
            return .none
        }
    }

    private mutating func requestRejected() -> Action {
        guard acceptsRequests else { return .none }
        state = .closing(isGraceful: true, isPeerHalfClosed: false)
        return .none
    }

    private mutating func outputBackedUp() -> Action {
        switch state {
        case .idle, .receiving, .sending:
            state = .sending
            return .setDeadline(.idle)
        case .waiting(let hasInputWaiting, _):
            state = .waiting(hasInputWaiting: hasInputWaiting, isOutputBackedUp: true)
            return .none
        case .streaming(let hasInputWaiting, _):
            state = .streaming(hasInputWaiting: hasInputWaiting, isOutputBackedUp: true)
            return .none
        case .closing:
            return .setDeadline(.idle)
        case .lingering, .closed:
            return .none
        }
    }

    private mutating func outputDrained() -> Action {
        switch state {
        case .idle, .receiving, .lingering, .closed:
            return .none
        case .sending:
            state = .idle
            return .dispatchBuffered
        case .waiting(let hasInputWaiting, _):
            state = .waiting(hasInputWaiting: hasInputWaiting, isOutputBackedUp: false)
            return .none
        case .streaming(let hasInputWaiting, _):
            state = .streaming(hasInputWaiting: hasInputWaiting, isOutputBackedUp: false)
            return .none
        case .closing(let isGraceful, _):
            if isGraceful {
                state = .lingering
                return .shutDownWriting
            }
            state = .closed
            return .close
        }
    }

    private mutating func inputArrived() -> Action {
        switch state {
        case .waiting(false, let isOutputBackedUp):
            state = .waiting(hasInputWaiting: true, isOutputBackedUp: isOutputBackedUp)
        case .streaming(false, let isOutputBackedUp):
            state = .streaming(hasInputWaiting: true, isOutputBackedUp: isOutputBackedUp)
        default:
            break
        }
        return .none
    }

    private mutating func endOfStream() -> Action {
        switch state {
        case .idle, .receiving, .waiting, .streaming, .lingering:
            // A request cut short will not complete; a client that gave up on its reply gets none.
            state = .closed
            return .close
        case .sending, .closing:
            // What is queued still goes out; the peer sent all it will, so nothing needs draining.
            state = .closing(isGraceful: false, isPeerHalfClosed: true)
            return .none
        case .closed:
            return .none
        }
    }

    private mutating func readHangUp() -> Action {
        switch state {
        case .idle, .receiving, .waiting, .streaming, .lingering:
            state = .closed
            return .close
        case .sending:
            // The responses go out; then lingering reads what the peer sent before its FIN, so
            // that closing with it unread does not reset the connection under them.
            state = .closing(isGraceful: true, isPeerHalfClosed: true)
            return .none
        case .closing(let isGraceful, _):
            state = .closing(isGraceful: isGraceful, isPeerHalfClosed: true)
            return .none
        case .closed:
            return .none
        }
    }

    private mutating func deadlinePassed() -> Action {
        switch state {
        case .idle, .sending, .closing, .lingering:
            state = .closed
            return .close
        case .receiving:
            state = .closing(isGraceful: true, isPeerHalfClosed: false)
            return .sendRequestTimeout
        case .waiting, .streaming, .closed:
            return .none
        }
    }

    private mutating func drainBegan(hasPendingInput: Bool) -> Action {
        switch state {
        case .idle:
            guard !hasPendingInput else { return .none }  // a request in flight: its response will close
            state = .closed
            return .close
        case .waiting, .streaming:
            return .drainExchange
        case .receiving, .sending, .closing, .lingering, .closed:
            return .none
        }
    }

    private mutating func abandoned() -> Action {
        guard state != .closed else { return .none }
        state = .closed
        return .close
    }
}
