import Glibc

/// The clock an event loop keeps its time by: timers, request, idle and linger deadlines, the
/// drain's grace period and the durations in the access log and the metrics. `.monotonic` by
/// default (`CLOCK_MONOTONIC`, which setting the wall clock does not move); `.manual` in tests,
/// where time moves only when the test moves it and every loop on the clock then runs what fell due
/// (`ManualClock`). A value: read it on any thread.
package struct LoopClock: Sendable {
    private let manual: ManualClock?

    /// `CLOCK_MONOTONIC`.
    package static let monotonic = LoopClock(manual: nil)

    /// Time that moves only with `clock.advance(by:)`; a loop on it never waits on real time.
    package static func manual(_ clock: ManualClock) -> LoopClock {
        LoopClock(manual: clock)
    }

    /// The time now, in microseconds from an arbitrary origin.
    @inline(__always)
    package var microseconds: Int64 {
        if let manual { return manual.microseconds }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }

    /// The manual clock behind this one, whose `advance` wakes the loops that keep time by it.
    var manualClock: ManualClock? { manual }
}
