import Synchronization

/// Whether the service takes new work: true until shutdown begins (`GET /readyz` reports it).
public final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)

    public init() {}

    public var isReady: Bool { !draining.load(ordering: .relaxed) }

    public func beginDraining() {
        draining.store(true, ordering: .relaxed)
    }
}
