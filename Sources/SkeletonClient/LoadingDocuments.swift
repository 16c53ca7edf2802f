/// `GET /loading-state`: a simulated load at one instant, every status reached so far.
public struct LoadingState: Codable, Sendable, Equatable {
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
public struct Timeline: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let screen: String
    /// The layout variant whose elements the load drives (nil from a server before contract 3.2).
    public let variant: String?
    public let scenario: String
    public let seed: Int
    public let stages: [Stage]
    /// Every element in its final state.
    public let elements: [ElementState]

    public struct Stage: Codable, Sendable, Equatable {
        public let id: String
        public let status: ElementState.Status
        public let atMs: Int
    }
}

/// A stage's status; its time once it has changed.
public struct StageState: Codable, Sendable, Equatable {
    public let id: String
    public let status: ElementState.Status
    public let readyAtMs: Int?
    public let failedAtMs: Int?
}

/// An element's status; its times once it has changed. `revealAtMs` (virtual ms) is when its
/// content or failure is shown: `max(readyAtMs or failedAtMs, minimumDisplayMs)`.
public struct ElementState: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case loading, ready, failed
    }

    public let id: String
    public let stage: String
    public let status: Status
    public let readyAtMs: Int?
    public let failedAtMs: Int?
    public let revealAtMs: Int?
    public let error: ElementError?

    /// A state as the server would give it: for previews and test fixtures.
    public init(
        id: String, stage: String, status: Status, readyAtMs: Int? = nil, failedAtMs: Int? = nil, revealAtMs: Int? = nil,
        error: ElementError? = nil
    ) {
        self.id = id
        self.stage = stage
        self.status = status
        self.readyAtMs = readyAtMs
        self.failedAtMs = failedAtMs
        self.revealAtMs = revealAtMs
        self.error = error
    }
}

/// Why an element failed.
public struct ElementError: Codable, Sendable, Equatable, Error {
    /// `timeout` or `error`.
    public let code: String
    public let message: String
    public let retryable: Bool

    public init(code: String, message: String, retryable: Bool) {
        self.code = code
        self.message = message
        self.retryable = retryable
    }
}

/// The data of an event stream's last events: `complete` (`elapsedMs`, when the load completed)
/// and, from a draining server, `reconnect` (`reason`).
public struct StreamEndData: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let elapsedMs: Int?
    public let reason: String?
}
