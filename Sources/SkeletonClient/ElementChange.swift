/// One step of an element of a followed load, in the order a screen shows them:
/// `skeleton`, then `revealing` (the document's transition plays), then `content` or `failed`.
/// An element whose data came before `showDelayMs` goes straight to `content` or `failed`, its
/// skeleton never shown.
public struct ElementChange: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case skeleton
        case revealing
        case content
        case failed(ElementError)
    }

    public let element: String
    public let phase: Phase
    /// The element's state as the server last gave it: its times once it has changed.
    public let state: ElementState

    /// A change as a follow gives it: for previews and test fixtures.
    public init(element: String, phase: Phase, state: ElementState) {
        self.element = element
        self.phase = phase
        self.state = state
    }
}

/// How a follower hears of a load's changes: Server-Sent Events, long polls, or polls. It starts
/// with the first it is given and falls back to the next when a transport cannot be used.
public enum FollowTransport: Sendable, CaseIterable {
    case events
    case longPolls
    case polls
}
