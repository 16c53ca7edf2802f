import Synchronization

/// Whether the service takes new work: true until shutdown begins (`GET /readyz` reports it).
package final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)

    package init() {}

    package var isReady: Bool { !draining.load(ordering: .relaxed) }

    package func beginDraining() {
        draining.store(true, ordering: .relaxed)
    }
}
