/// The client's clock read from the moment a follow starts, as time since then: what a
/// follower's reveal schedule and waits are measured in, so that a test which moves the clock
/// moves them all (and an app, on `ContinuousClock`, has real time).
///
/// Guarantees: `elapsed` never goes back while the clock does not; a sleep returns once
/// `elapsed` has reached its deadline, at once when it already has, and throws
/// `CancellationError` when its task is cancelled.
struct Stopwatch: Sendable {
    private let read: @Sendable () -> Duration
    private let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Starts now on `clock`.
    init<C: Clock<Duration>>(_ clock: C) {
        let start = clock.now
        read = { start.duration(to: clock.now) }
        sleepUntil = { deadline in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil) }
    }

    /// Time since the start.
    var elapsed: Duration { read() }

    /// Returns once `deadline` (time since the start) has come.
    func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        try await sleepUntil(deadline)
    }

    func sleep(for duration: Duration) async throws {
        try await sleep(until: elapsed + duration)
    }
}
