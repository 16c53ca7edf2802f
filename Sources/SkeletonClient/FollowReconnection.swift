/// How a follow reconnects when a transport fails (a refused connection, a stream cut with no
/// end, a poll with no answer), on the client's clock: after the `n`th failure in a row it waits
/// `min(backoff × multiplier^(n−1), maximumBackoff)` and asks again; after `attempts` failures in
/// a row it falls back to the next transport, and after the last transport's it asks nothing
/// more. A clean end (a draining server's `reconnect`) is not a failure: the stream's `retry`
/// is waited instead.
///
/// Guarantees: a follow makes at most `attempts` requests in a row that fail per transport, so
/// at most `attempts × transports` after the server goes away; the defaults (3 attempts, 1 s
/// doubling to at most 8 s) give up on a server gone for good after 3 s of waits per transport.
public struct FollowReconnection: Sendable, Equatable {
    /// Failures in a row a transport is given before the next is tried; at least 1.
    public var attempts: Int
    /// The wait after the first failure in a row.
    public var backoff: Duration
    /// What each further failure in a row multiplies the wait by; at least 1.
    public var multiplier: Double
    /// The longest wait.
    public var maximumBackoff: Duration

    public init(attempts: Int = 3, backoff: Duration = .seconds(1), multiplier: Double = 2, maximumBackoff: Duration = .seconds(8)) {
        self.attempts = max(1, attempts)
        self.backoff = max(.zero, backoff)
        self.multiplier = max(1, multiplier)
        self.maximumBackoff = max(.zero, maximumBackoff)
    }

    /// The wait after the `failures`th failure in a row (from 1).
    func wait(after failures: Int) -> Duration {
        var wait = backoff
        for _ in 1..<max(1, failures) where wait < maximumBackoff { wait = wait * multiplier }
        return min(wait, maximumBackoff)
    }
}
