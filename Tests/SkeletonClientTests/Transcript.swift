import SkeletonClient

/// A follow's changes read one by one, each with the time of a test clock as it is read: a test
/// moves the clock, then reads what that moment gave, so each change reads with the instant it
/// came at (`"400 ms: poster revealing"`).
struct Transcript {
    let clock: TestClock
    private var changes: AsyncThrowingStream<ElementChange, any Error>.Iterator

    init(_ changes: AsyncThrowingStream<ElementChange, any Error>, clock: TestClock) {
        self.clock = clock
        self.changes = changes.makeAsyncIterator()
    }

    /// The next change, or nil once the follow has ended.
    mutating func next() async throws -> String? {
        try await changes.next().map { "\(clock.now): \($0.element) \(SessionFollowerTests.name($0.phase))" }
    }

    /// The next `count` changes, sorted: changes due at one instant come in the executor's order.
    mutating func next(_ count: Int) async throws -> [String] {
        var read: [String] = []
        for _ in 0..<count { read += try await next().map { [$0] } ?? [] }
        return read.sorted()
    }
}
