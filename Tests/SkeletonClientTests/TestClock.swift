import Foundation

/// A clock that moves only when a test moves it, as swift-clocks' `TestClock` does: time starts
/// at zero; `advance(by:)` moves it and resumes every sleeper whose deadline it reached, earliest
/// deadline first; `waitForSleepers(_:)` returns once that many sleepers are waiting, so that a
/// test moves time only when the code under test is waiting on it, never after a real delay.
///
/// Guarantees: a sleeper is resumed only by an `advance` that reaches its deadline, or by its
/// task's cancellation (it then throws `CancellationError`); a sleep whose deadline has come
/// returns at once. A resumed sleeper runs when its executor gets to it: a test that needs what
/// one wake-up does before the next advances to each deadline in turn (`deadlines` names them).
/// Its state is behind one lock, hence `@unchecked Sendable`.
final class TestClock: Clock, @unchecked Sendable {
    /// Time since the clock started.
    struct Instant: InstantProtocol, CustomStringConvertible {
        let offset: Duration

        static func milliseconds(_ milliseconds: Int) -> Instant { Instant(offset: .milliseconds(milliseconds)) }

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (earlier: Instant, later: Instant) -> Bool { earlier.offset < later.offset }

        var description: String {
            let milliseconds = offset / .milliseconds(1)
            return milliseconds == milliseconds.rounded() ? "\(Int(milliseconds)) ms" : "\(milliseconds) ms"
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        let id: Int
        let count: Int
        let before: Instant?
        let continuation: CheckedContinuation<Void, Never>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var waiters: [Waiter] = []
    private var lastID = 0

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// The deadlines of the sleepers waiting now, earliest first.
    var deadlines: [Instant] { lock.withLock { sleepers.map(\.deadline).sorted() } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock { newID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else if deadline <= current {
                        continuation.resume()
                    } else {
                        sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                        resumeSatisfiedWaiters()
                    }
                }
            }
        } onCancel: {
            lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return }
                sleepers.remove(at: index).continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Moves time on by `duration` and resumes, earliest deadline first, every sleeper whose
    /// deadline it reached.
    func advance(by duration: Duration) {
        precondition(duration >= .zero, "a test clock moves forward only")
        lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            sleepers.removeAll { $0.deadline <= current }
            for sleeper in due { sleeper.continuation.resume() }
        }
    }

    /// Moves time on to `instant` (see `advance(by:)`).
    func advance(to instant: Instant) {
        advance(by: now.duration(to: instant))
    }

    /// Returns once at least `count` sleepers are waiting (with a deadline earlier than
    /// `before`, when given: a sleeper that may come and go, such as a timeout, is left out),
    /// at once if they are, or when the task waiting is cancelled.
    func waitForSleepers(_ count: Int = 1, before: Instant? = nil) async {
        let id = lock.withLock { newID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.withLock {
                    if Task.isCancelled || sleeping(before: before) >= count {
                        continuation.resume()
                    } else {
                        waiters.append(Waiter(id: id, count: count, before: before, continuation: continuation))
                    }
                }
            }
        } onCancel: {
            lock.withLock {
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
                waiters.remove(at: index).continuation.resume()
            }
        }
    }

    /// Called with the lock held.
    private func newID() -> Int {
        lastID += 1
        return lastID
    }

    /// How many sleepers have a deadline earlier than `before` (all of them without it). Called
    /// with the lock held.
    private func sleeping(before: Instant?) -> Int {
        guard let before else { return sleepers.count }
        return sleepers.filter { $0.deadline < before }.count
    }

    /// Called with the lock held.
    private func resumeSatisfiedWaiters() {
        let satisfied = waiters.filter { $0.count <= sleeping(before: $0.before) }
        waiters.removeAll { $0.count <= sleeping(before: $0.before) }
        for waiter in satisfied { waiter.continuation.resume() }
    }
}
