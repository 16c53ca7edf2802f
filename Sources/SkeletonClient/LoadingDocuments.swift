/// `GET /loading-state`: a simulated load at one instant, every status reached so far.
public struct LoadingState: Decodable, Sendable {
    public let formatVersion: Int
    /// The token to follow this load; nil for `at=` snapshots.
    public let session: String?
    public let screen: String
    /// The layout variant whose elements the load drives (nil from a server before contract 3.2).
    public let variant: String?
    public let scenario: String
    public let seed: Int
    /// Virtual ms since the load's start.
    public let elapsedMs: Int
    /// No element's status will change again (reveals may still be ahead).
    public let complete: Bool
    public let stages: [StageState]
    public let elements: [ElementState]
    /// When to ask again while loading; nil once complete.
    public let pollAfterMs: Int?
}

/// `GET /loading-state/timeline`: the whole schedule of one screen, scenario and seed.
public struct Timeline: Decodable, Sendable {
    public let formatVersion: Int
    public let screen: String
    /// The layout variant whose elements the load drives (nil from a server before contract 3.2).
    public let variant: String?
    public let scenario: String
    public let seed: Int
    public let stages: [Stage]
    /// Every element in its final state.
    public let elements: [ElementState]

    public struct Stage: Decodable, Sendable, Equatable {
        public let id: String
        public let status: ElementState.Status
        public let atMs: Int
    }
}

/// A stage's status; its time once it has changed.
public struct StageState: Decodable, Sendable, Equatable {
    public let id: String
    public let status: ElementState.Status
    public let readyAtMs: Int?
    public let failedAtMs: Int?
}

/// An element's status; its times once it has changed. `revealAtMs` (virtual ms) is when its
/// content or failure is shown: `max(readyAtMs or failedAtMs, minimumDisplayMs)`.
public struct ElementState: Decodable, Sendable, Equatable {
    public enum Status: String, Decodable, Sendable {
        case loading, ready, failed
    }

    public let id: String
    public let stage: String
    public let status: Status
    public let readyAtMs: Int?
    public let failedAtMs: Int?
    public let revealAtMs: Int?
    public let error: ElementError?
}

/// Why an element failed.
public struct ElementError: Decodable, Sendable, Equatable, Error {
    /// `timeout` or `error`.
    public let code: String
    public let message: String
    public let retryable: Bool
}

/// The data of an event stream's last events: `complete` (`elapsedMs`, when the load completed)
/// and, from a draining server, `reconnect` (`reason`).
public struct StreamEndData: Decodable, Sendable, Equatable {
    public let formatVersion: Int
    public let elapsedMs: Int?
    public let reason: String?
}
