
/// A router handed to an event loop from another thread (`Server.replaceRouter`), taken by the
/// loop when it wakes, so that routes can change while connections stay open and the loop's
/// request path reads its router with no lock.
final class PendingRouter: Sendable {
    private let slot = Locked<Router?>(nil)

    func offer(_ router: Router) {
        slot.withLock { $0 = router }
    }

    func take() -> Router? {
        slot.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }
}
