import CLinux
import Glibc
import Synchronization

/// One epoll loop on one thread (level-triggered, as swift-nio's). It owns its descriptor of the
/// listener and every connection it accepts: socket I/O, parsing, routing, handlers and timers
/// all run on its thread, synchronously, so the confined state needs no locks. That confinement
/// is why the type is `@unchecked Sendable`: only `requestStop()`, `replaceRouter(_:)` and
/// `wake()` are called from other threads, and they touch nothing but an atomic, a mutex-guarded
/// slot and an eventfd.
///
/// Per loop, not per connection: one 64 KiB read buffer and one output buffer. All complete
/// requests of one read are answered with one write.
///
/// Its state, and each `Connection`'s, opts out of the runtime exclusivity checks property by
/// property (`@exclusivity(unchecked)`): it is confined to this thread, the suites pass with the
/// checks on (the module built without the attributes), and there the checks cost some 570
/// instructions per `GET /layouts/home`, 11 % (`Benchmarks/instructions.py`). The compile-time
/// checks still apply; the rest of the module keeps the runtime ones.
///
/// This file holds the loop's state, its life (run, wake, stop and drain) and the handling of
/// each epoll event; the work an event leads to is in `EventLoop+Accepting`, `+Reading`,
/// `+Replies`, `+Writing`, `+Closing` and `+Timers`, one concern a file.
final class EventLoop: @unchecked Sendable {
    let configuration: ServerConfiguration
    @exclusivity(unchecked) private(set) var router: Router
    private let pendingRouter = PendingRouter()
    let state: ServerState
    private let epoll: Int32
    private let wakeFd: Int32
    @exclusivity(unchecked) private(set) var listener: Int32
    @exclusivity(unchecked) var isListenerRegistered = false
    @exclusivity(unchecked) var connections: [Connection?] = []
    @exclusivity(unchecked) var connectionCount = 0
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    let parserScratch: RequestParser.Scratch
    @exclusivity(unchecked) var output = ResponseBatch(capacity: 64 * 1024)
    /// Output for a connection other than `current` (a deferred reply answered from a timer).
    @exclusivity(unchecked) var sideOutput = ResponseBatch(capacity: 4 * 1024)
    /// The connection whose requests are being processed (its responses collect in `output`).
    @exclusivity(unchecked) var current: Connection?
    @exclusivity(unchecked) var timers = TimerHeap()
    @exclusivity(unchecked) var timerSequence: UInt64 = 0
    let encoder: ResponseEncoder
    @exclusivity(unchecked) private(set) var date = DateHeader()
    @exclusivity(unchecked) var accessLog: AccessLog
    let metrics: LoopMetrics?
    private let stopRequested = Atomic<Bool>(false)
    @exclusivity(unchecked) private(set) var isDraining = false
    @exclusivity(unchecked) private(set) var drainDeadline = Int64.max
    @exclusivity(unchecked) var isFinished = false
    @exclusivity(unchecked) private var nextSweep: Int64 = 0
    @exclusivity(unchecked) var memoryReturn = MemoryReturn()
    /// Monotonic milliseconds, read once per wake-up.
    @exclusivity(unchecked) private(set) var now: Int64 = 0
    /// The monotonic clock in microseconds as last read: at wake-up, and when the access log
    /// timed a response (which is when the next request in the batch starts).
    @exclusivity(unchecked) var clockMicroseconds: Int64 = 0

    static let outputHighWater = 1024 * 1024
    /// The loops share one listening socket: a new connection wakes one of them, not all.
    static let listenerEvents = EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue
    private static let sweepInterval: Int64 = 250

    init(configuration: ServerConfiguration, router: Router, state: ServerState, listener: Int32, metrics: LoopMetrics?) throws(SystemError) {
        self.configuration = configuration
        self.metrics = metrics
        self.router = router
        self.state = state
        self.listener = listener
        encoder = ResponseEncoder(serverName: configuration.serverName, corsOrigin: configuration.corsOrigin)
        parserScratch = RequestParser.Scratch(limits: configuration.limits)
        accessLog = AccessLog(format: configuration.accessLog)
        epoll = try checked("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        wakeFd = try checked("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
        try control(EPOLL_CTL_ADD, wakeFd, events: EPOLLIN.rawValue)
        try control(EPOLL_CTL_ADD, listener, events: Self.listenerEvents)
        isListenerRegistered = true
    }

    deinit {
        readBuffer.deallocate()
        Glibc.close(epoll)
        Glibc.close(wakeFd)
    }

    /// Marks a graceful shutdown as asked for, without waking the loop; callable from any thread.
    func requestStop() {
        stopRequested.store(true, ordering: .releasing)
    }

    /// Routes requests that arrive from the next wake-up on with `router`; callable from any thread.
    func replaceRouter(_ router: Router) {
        pendingRouter.offer(router)
        wake()
    }

    /// Wakes the loop, to see a stop requested or a router replaced; callable from any thread.
    func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFd, &one, 8)
    }

    /// Serves until shutdown has drained every connection.
    func run() {
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        now = monotonicMicroseconds() / 1000
        nextSweep = now + Self.sweepInterval
        while !isFinished {
            date.refresh()
            let count = epoll_wait(epoll, events, Int32(capacity), timeoutUntilNextEvent())
            if count < 0 {
                if errno == EINTR { continue }
                fatalError("\(SystemError(call: "epoll_wait", errno: errno))")
            }
            clockMicroseconds = monotonicMicroseconds()
            now = clockMicroseconds / 1000
            date.refresh()
            // Before any event of this wake-up: a request answered now must already say it closes.
            if !isDraining && stopRequested.load(ordering: .acquiring) { beginDrain() }
            for index in 0..<Int(count) {
                let event = events[index]
                handle(fd: event.data.fd, events: event.events)
            }
            while let timer = timers.popDue(now: now) { timer.fire() }
            if now >= nextSweep {
                nextSweep = now + Self.sweepInterval
                sweep()
            }
        }
        accessLog.flush()
        state.finishedLoops.add(1, ordering: .releasing)
    }

    private func timeoutUntilNextEvent() -> Int32 {
        var wake = nextSweep
        if let next = timers.nextDeadline { wake = min(wake, next) }
        return Int32(clamping: max(0, wake - monotonicMicroseconds() / 1000))
    }

    private func handle(fd: Int32, events: UInt32) {
        if fd == listener && isListenerRegistered {
            acceptConnections()
            return
        }
        if fd == wakeFd {
            var value: UInt64 = 0
            _ = Glibc.read(wakeFd, &value, 8)
            if let replacement = pendingRouter.take() { router = replacement }
            return
        }
        guard fd >= 0, fd < connections.count, let connection = connections[Int(fd)] else { return }
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
            close(connection)
            return
        }
        if events & EPOLLOUT.rawValue != 0 { writeOutbox(connection) }
        if connection.isClosed { return }
        if events & EPOLLIN.rawValue != 0 && !connection.isStreaming {
            readInput(connection)
        } else if events & EPOLLRDHUP.rawValue != 0 {
            peerHalfClosed(connection)
        } else if events & EPOLLIN.rawValue != 0 {
            connection.hasInputWaiting = true  // read after the reply; `settle` stops EPOLLIN meanwhile
        }
        if !connection.isClosed { settle(connection) }
    }

    /// Brings a connection's epoll interest and deadline in line with its state after an event.
    func settle(_ connection: Connection) {
        switch connection.phase {
        case .waiting, .streaming:
            connection.deadline = .max
            connection.isTimingRequest = false
        case .lingering:
            break
        case .head, .body:
            connection.hasInputWaiting = false
            if !connection.outbox.isEmpty {
                // Backed-up output: the client is reading, not sending; `writeOutbox` extends the
                // deadline on every bit of progress. Requests held back meanwhile are not late.
                connection.isTimingRequest = false
            } else if connection.hasPartialRequest {
                if !connection.isTimingRequest {
                    connection.isTimingRequest = true
                    connection.deadline = now + Int64(configuration.headerTimeoutMilliseconds)
                }
            } else if connection.isTimingRequest || connection.servedRequests > 0 {
                connection.isTimingRequest = false
                connection.deadline = now + Int64(configuration.idleTimeoutMilliseconds)
            }
        }
        let wanted = connection.wantedEvents
        if wanted != connection.interest {
            connection.interest = wanted
            if (try? control(EPOLL_CTL_MOD, connection.fd, events: wanted)) == nil { close(connection) }
        }
    }

    private func beginDrain() {
        isDraining = true
        drainDeadline = now + Int64(configuration.shutdownGraceMilliseconds)
        if isListenerRegistered { try? control(EPOLL_CTL_DEL, listener, events: 0) }
        isListenerRegistered = false
        Socket.close(listener)
        listener = -1
        // A request whose bytes wait in the socket but were not read yet is in flight too.
        for case let connection? in connections {
            switch connection.phase {
            case .waiting(let exchange), .streaming(let exchange):
                exchange.drain()
            default:
                if connection.isIdle && clinux_unread_bytes(connection.fd) == 0 { close(connection) }
            }
        }
        if connectionCount == 0 { isFinished = true }
    }

    func control(_ operation: Int32, _ fd: Int32, events: UInt32) throws(SystemError) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        try checked("epoll_ctl") { epoll_ctl(epoll, operation, fd, &event) }
    }
}
