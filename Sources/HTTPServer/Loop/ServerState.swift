import Synchronization

/// Process-wide state the loops share.
final class ServerState: Sendable {
    let connectionCount = Atomic<Int>(0)
    /// Loops whose `run()` has returned.
    let finishedLoops = Atomic<Int>(0)
}
