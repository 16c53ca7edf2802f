import Foundation

/// A clock that stands at its origin until `start()`, then runs as `ContinuousClock` does: what a
/// test spends before (servers starting, a first stream opening on a loaded machine, under a
/// sanitizer) counts for nothing on the client's timers, which then run in real time.
///
/// Guarantees: the reading never goes back; a sleep begun after `start()` lasts its duration
/// in real time. Its state is behind one lock, hence `@unchecked Sendable`.
final class HeldClock: Clock, @unchecked Sendable {
    typealias Instant = ContinuousClock.Instant

    private let base = ContinuousClock()
    private let origin: Instant
    private let lock = NSLock()
    private var startedAt: Instant?

    init() {
        origin = base.now
    }

    var minimumResolution: Duration { base.minimumResolution }

    var now: Instant {
        lock.withLock { startedAt.map { origin + (base.now - $0) } ?? origin }
    }

    /// From now on the clock runs.
    func start() {
        lock.withLock { if startedAt == nil { startedAt = base.now } }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: base.now + (deadline - now), tolerance: tolerance)
    }
}
