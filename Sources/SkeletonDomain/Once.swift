import Synchronization

/// A value made on its first read: a server's documents are encoded when a request first needs
/// them, not as it starts, so that a process started for one request (a test's) makes only what it
/// serves.
///
/// Guarantees: every read returns the same value, whichever thread reads first; after the first
/// read, a read is one atomic load, inlined and specialised in the reading module (no call, no
/// retain). Two threads reading first at once may each run `make` (it must be a pure function of
/// what it captured); one result is kept, the other dropped. No lock: a read never waits.
///
/// The class is `public` (its members are `package`) only because Swift 6.3 does not inline the
/// `@inlinable` members of a `package` class into another module: a layout request read through
/// one cost 980 instructions more (docs/performance.md, "Start-up").
public final class Once<Value: Sendable>: Sendable {
    @usableFromInline final class Made: Sendable {
        @usableFromInline let value: Value
        init(_ value: Value) { self.value = value }
    }

    @usableFromInline let made = Atomic<Unmanaged<Made>?>(nil)
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    deinit {
        made.load(ordering: .acquiring)?.release()
    }

    @inlinable package var value: Value {
        if let made = made.load(ordering: .acquiring) { return made._withUnsafeGuaranteedRef { $0.value } }
        return madeNow()._withUnsafeGuaranteedRef { $0.value }
    }

    /// Makes the value and keeps it, or the one another thread kept first.
    @usableFromInline func madeNow() -> Unmanaged<Made> {
        let candidate = Unmanaged.passRetained(Made(make()))
        let (kept, current) = made.compareExchange(
            expected: nil, desired: candidate, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if kept { return candidate }
        candidate.release()
        return current!
    }
}
