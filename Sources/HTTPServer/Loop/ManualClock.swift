import Synchronization

/// A clock that moves only when a test moves it, for timing tests that neither sleep nor measure
/// (as swift-nio's `NIOAsyncTestingEventLoop` and swift-clocks' `TestClock`). Give it to a server
/// with `configuration.clock = .manual(clock)`; its loops then never wait on real time for a timer
/// or a deadline, and `advance(by:)` wakes them.
///
/// Guarantees: the reading never goes back; it is safe to read and advance from any thread; and
/// `advance(by:)` returns only once every running loop on the clock has handled the move and has
/// nothing left ready: what its sockets had ready before the call is handled, the timers that fell
/// due have fired and the deadlines that passed are applied (at the loop's next sweep, every
/// `EventLoop.sweepInterval`). What a test observes next is the moved time's effect, with no
/// sleep; `advance(by: 0)` only waits for the loops to handle what was sent.
package final class ManualClock: Sendable {
    private let reading: Atomic<Int64>
    /// The loops keeping time by this clock, weakly: one that was never run goes away with its loop.
    private let loops = Locked<[WeakLoopHandle]>([])

    /// A clock reading `microseconds`.
    package init(microseconds: Int64 = 0) {
        reading = Atomic(microseconds)
    }

    /// The time now, in microseconds.
    package var microseconds: Int64 { reading.load(ordering: .acquiring) }

    /// Moves the clock forward and returns once every running loop on it has handled the move (see
    /// above). Not to be called on a loop's own thread (from a handler), which would wait for itself.
    package func advance(by milliseconds: Int) {
        precondition(milliseconds >= 0, "a clock only moves forward")
        reading.add(Int64(milliseconds) * 1000, ordering: .acquiringAndReleasing)
        let handles = loops.withLock { loops in
            loops.removeAll { $0.handle == nil }
            return loops.compactMap(\.handle)
        }
        for handle in handles { handle.wakeAndWait() }
    }

    /// Lets `advance` wake the loop of `handle`.
    func attach(_ handle: LoopHandle) {
        loops.withLock { $0.append(WeakLoopHandle(handle: handle)) }
    }
}

/// A loop's handle, held without keeping the loop's eventfd open.
private struct WeakLoopHandle: Sendable {
    weak var handle: LoopHandle?
}
