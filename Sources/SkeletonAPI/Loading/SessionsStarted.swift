import HTTPServer
import SkeletonDomain

/// Loading sessions started, by screen and scenario: what `GET /metrics` reports as
/// `loading_sessions_started_total`. A session start already costs an HMAC and a schedule, so a
/// short lock here makes no loop wait noticeably.
final class SessionsStarted: Sendable {
    /// A screen and a scenario, ordered by screen, then scenario.
    struct Key: Hashable, Comparable {
        let screen: String
        let scenario: String

        static func < (a: Key, b: Key) -> Bool { (a.screen, a.scenario) < (b.screen, b.scenario) }
    }

    private let counts = Locked<[Key: Int]>([:])

    func started(_ token: SessionToken) {
        counts.withLock { $0[Key(screen: token.screen, scenario: token.scenario.rawValue), default: 0] += 1 }
    }

    /// Every screen and scenario started so far, with its count, in `Key` order.
    func counted() -> [(key: Key, count: Int)] {
        counts.withLock { $0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
