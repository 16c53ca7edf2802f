import CLinux
import Glibc

/// One epoll loop on one thread (level-triggered, as swift-nio's): epoll, the wake-up eventfd and
/// the timers. It runs a `ConnectionHandler`, which owns the loop's descriptor of the listener and
/// every connection it accepts: socket I/O, parsing, routing, handlers and timers all run on the
/// loop's thread, synchronously, so the confined state needs no locks. That confinement is why
/// neither the loop nor its handler is `Sendable`: other threads hold only its `LoopHandle`.
///
/// Time is its `clock`'s, read once per wake-up (`now`) and when a timer is scheduled. On a manual
/// clock the loop never waits on real time: epoll_wait waits for descriptors only, and the clock's
/// `advance` wakes it through the handle.
///
/// Its state, the handler's and each `Connection`'s opt out of the runtime exclusivity checks
/// property by property (`@exclusivity(unchecked)`): that state is confined to this thread, the
/// suites pass with the checks on (the module built without the attributes), and there the checks
/// cost some 570 instructions per `GET /layouts/home`, 11 % (`Benchmarks/instructions.py`). The
/// compile-time checks still apply; the rest of the module keeps the runtime ones.
final class EventLoop {
    /// What other threads may touch: stop, router swap, wake-up.
    let handle: LoopHandle
    let clock: LoopClock
    private let epoll: Int32
    private let wakeFd: Int32
    @exclusivity(unchecked) private var timers = TimerHeap()
    @exclusivity(unchecked) private var timerSequence: UInt64 = 0
    /// Milliseconds on `clock`, read once per wake-up.
    @exclusivity(unchecked) private(set) var now: Int64 = 0
    /// `LoopHandle.wakeAndWait` tickets seen in a wake-up, and those answered (after a pass that
    /// found nothing ready).
    private var ticketsSeen: UInt64 = 0
    private var ticketsAnswered: UInt64 = 0

    /// How often the handler applies its connections' deadlines.
    static let sweepInterval: Int64 = 250

    init(clock: LoopClock) throws(SystemError) {
        handle = try LoopHandle()
        wakeFd = handle.wakeFd
        self.clock = clock
        epoll = try checked("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        try register(wakeFd, events: EPOLLIN.rawValue)
        clock.manualClock?.attach(handle)
    }

    deinit {
        Glibc.close(epoll)
    }

    func register(_ fd: Int32, events: UInt32) throws(SystemError) {
        try control(EPOLL_CTL_ADD, fd, events: events)
    }

    func modify(_ fd: Int32, events: UInt32) throws(SystemError) {
        try control(EPOLL_CTL_MOD, fd, events: events)
    }

    func deregister(_ fd: Int32) {
        try? control(EPOLL_CTL_DEL, fd, events: 0)
    }

    /// Schedules `action` on this loop's thread, `milliseconds` from the clock now (not from
    /// `now`, read when the loop woke, before this pass's work). The millisecond is rounded up, so
    /// that a timer never fires before `milliseconds` have passed (the loop keeps time in whole
    /// milliseconds): a long poll answered at a change must not be answered before the clock
    /// reaches it.
    @discardableResult
    func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> LoopTimer {
        timerSequence += 1
        let deadline = (clock.microseconds + 999) / 1000 + Int64(max(0, milliseconds))
        let timer = LoopTimer(deadline: deadline, sequence: timerSequence, action: action)
        timers.insert(timer)
        return timer
    }

    /// Keeps `timer` from firing and frees what its action holds, now.
    func cancel(_ timer: LoopTimer) {
        timer.cancel()
        timers.remove(timer)
    }

    /// Serves until `handler` has drained every connection.
    func run(serving handler: ConnectionHandler) {
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        now = clock.microseconds / 1000
        var nextSweep = now + Self.sweepInterval
        while !handler.isFinished {
            let count = epoll_wait(epoll, events, Int32(capacity), timeout(untilSweepAt: nextSweep))
            if count < 0 {
                if errno == EINTR { continue }
                fatalError("\(SystemError(call: "epoll_wait", errno: errno))")
            }
            beginPass(serving: handler)
            for index in 0..<Int(count) {
                let event = events[index]
                if event.data.fd == wakeFd {
                    ticketsSeen = handle.consumeWakeUp()
                    if let router = handle.takeRouter() { handler.replaceRouter(router) }
                } else {
                    handler.handle(fd: event.data.fd, events: event.events)
                }
            }
            endPass(serving: handler, nextSweep: &nextSweep)
            // Nothing was ready in a pass that began after the tickets were seen: their callers'
            // moves of the clock, and everything they sent before, are handled.
            if count == 0 && ticketsSeen > ticketsAnswered {
                ticketsAnswered = ticketsSeen
                handle.acknowledge(ticketsAnswered)
            }
        }
        handler.finish()
        // Pending timers' actions may hold the handler (and so this loop): let them go.
        timers = TimerHeap()
        handle.stopped()
    }

    /// What a wake-up does before its events: the clock read once, a stop or a new router seen.
    /// A test that drives a handler over in-memory connections calls it and `endPass` around the
    /// events it hands the handler itself.
    func beginPass(serving handler: ConnectionHandler) {
        let microseconds = clock.microseconds
        now = microseconds / 1000
        handler.wokeUp(atMicroseconds: microseconds)
        // Before any event of this wake-up: a request answered now must already say it closes.
        if !handler.isDraining && handle.isStopRequested { handler.beginDrain() }
        // A router replaced before this wake-up answers its requests, even those epoll lists
        // before the wake-up's own event (a proposal applied by `--learn` is served at once).
        if let router = handle.takeRouter() { handler.replaceRouter(router) }
    }

    /// What a wake-up does after its events: the timers that fell due fired, and the handler's
    /// sweep when `nextSweep` has come (then moved on).
    func endPass(serving handler: ConnectionHandler, nextSweep: inout Int64) {
        while let timer = timers.popDue(now: now) { timer.fire() }
        if now >= nextSweep {
            nextSweep = now + Self.sweepInterval
            handler.sweep()
        }
    }

    /// Until the next timer or sweep on a real clock; on a manual clock, for as long as no
    /// descriptor is ready. At once when a timer is due, or while a `wakeAndWait` waits for a pass
    /// with nothing left to do.
    private func timeout(untilSweepAt nextSweep: Int64) -> Int32 {
        if ticketsSeen > ticketsAnswered { return 0 }
        let current = clock.microseconds / 1000
        var wake = nextSweep
        if let next = timers.nextDeadline { wake = min(wake, next) }
        if wake <= current { return 0 }
        return clock.manualClock == nil ? Int32(clamping: wake - current) : -1
    }

    private func control(_ operation: Int32, _ fd: Int32, events: UInt32) throws(SystemError) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        try checked("epoll_ctl") { epoll_ctl(epoll, operation, fd, &event) }
    }
}
