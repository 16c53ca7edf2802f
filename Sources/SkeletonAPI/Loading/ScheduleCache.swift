import HTTPServer
import SkeletonDomain

/// Schedules by (screen, variant, scenario, seed), shared by every event loop: a schedule is a pure
/// function of those, so drawing it once serves every later request for it. Bounded: when
/// full it starts afresh, so arbitrary seeds cannot grow it without limit.
final class ScheduleCache: Sendable {
    private struct Key: Hashable, Sendable {
        let screen: String
        let variant: String
        let scenario: Scenario
        let seed: Int
    }

    private let entries = Locked<[Key: Schedule]>([:])
    private let capacity: Int

    /// A few hundred: enough for the loads a test suite or a demo repeats; every event stream and
    /// long poll keeps what it needs of its own schedule, not a cache entry.
    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The schedule of a load of the layout `variant` of the screen whose id is `id`; `screen` is
    /// called only when it must be drawn.
    func schedule(screen id: String, variant: String, scenario: Scenario, seed: Int, _ screen: () -> Screen) -> Schedule {
        let key = Key(screen: id, variant: variant, scenario: scenario, seed: seed)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let schedule = Schedule(screen: screen(), variant: variant, scenario: scenario, seed: seed)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = schedule
        }
        return schedule
    }
}
