import Synchronization

/// A value made on its first read: a server's documents are encoded when a request first needs
/// them, not as it starts, so that a process started for one request (a test's) makes only what it
/// serves.
///
/// Guarantees: every read returns the same value, whichever thread reads first; after the first
/// read, a read is one atomic load. Two threads reading first at once may each run `make` (it must
/// be a pure function of what it captured); one result is kept, the other dropped. No lock: a read
/// never waits.
package final class Once<Value: Sendable>: Sendable {
    private final class Made: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let made = Atomic<Unmanaged<Made>?>(nil)
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    deinit {
        made.load(ordering: .acquiring)?.release()
    }

    package var value: Value {
        if let made = made.load(ordering: .acquiring) { return made.takeUnretainedValue().value }
        let candidate = Unmanaged.passRetained(Made(make()))
        let (kept, current) = made.compareExchange(
            expected: nil, desired: candidate, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if kept { return candidate.takeUnretainedValue().value }
        candidate.release()
        return current!.takeUnretainedValue().value
    }
}
