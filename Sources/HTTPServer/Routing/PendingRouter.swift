import Synchronization

/// A router handed to an event loop from another thread (`Server.replaceRouter`), taken by the
/// loop when it wakes, so that routes can change while connections stay open and the loop's
/// request path reads its router with no lock.
final class PendingRouter: Sendable {
    private let slot = Locked<Router?>(nil)
    /// Whether a router waits in `slot`: read without the lock at each wake-up.
    private let isOffered = Atomic<Bool>(false)

    func offer(_ router: Router) {
        slot.withLock { $0 = router }
        isOffered.store(true, ordering: .releasing)
    }

    /// Whether `take()` would return a router (a cheap check, without the lock).
    var hasRouter: Bool { isOffered.load(ordering: .acquiring) }

    func take() -> Router? {
        slot.withLock { pending in
            isOffered.store(false, ordering: .relaxed)
            defer { pending = nil }
            return pending
        }
    }
}
