/// Time on the loop: timers that run actions on its thread, and the sweep that applies expired
/// deadlines (request, idle, write and linger timeouts, and the grace period of a drain).
extension EventLoop {
    /// Schedules `action` on this loop's thread.
    @discardableResult
    func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) -> LoopTimer {
        timerSequence += 1
        // From the clock now, not `now`: that was read when the loop woke, before this batch's work.
        // The millisecond rounded up, so that the timer never fires before `milliseconds` have
        // passed (the loop keeps time in whole milliseconds): a long poll answered at a change
        // must not be answered before the clock reaches it.
        let deadline = (monotonicMicroseconds() + 999) / 1000 + Int64(max(0, milliseconds))
        let timer = LoopTimer(deadline: deadline, sequence: timerSequence, action: action)
        timers.insert(timer)
        return timer
    }

    /// Keeps `timer` from firing and frees what its action holds, now.
    func cancel(_ timer: LoopTimer) {
        timer.cancel()
        timers.remove(timer)
    }

    /// Applies expired deadlines: 408 for a request that did not arrive in time, a plain close
    /// for an idle or stalled connection, the end of a linger; at shutdown, the grace period.
    func sweep() {
        accessLog.flush()
        memoryReturn.sweep(open: connectionCount)
        if isDraining && now >= drainDeadline {
            for case let connection? in connections { close(connection) }
            isFinished = true
            return
        }
        for case let connection? in connections where connection.deadline <= now {
            switch connection.phase {
            case .waiting, .streaming:
                continue
            case .lingering:
                close(connection)
            case .head, .body:
                if connection.hasPartialRequest && connection.outbox.isEmpty {
                    reject(connection, ParseError(.requestTimeout, "the request was not received within \(configuration.headerTimeoutMilliseconds) ms"))
                    flushOutput(connection)
                    if !connection.isClosed { settle(connection) }
                } else {
                    close(connection)
                }
            }
        }
    }
}
