/// A response the client could not turn into what was asked for: a problem the server
/// explained (`problem`), or a status it did not expect with no problem document.
///
/// `retryAfter` is the response's `Retry-After` (whole seconds), when it has one: a `/data`
/// request for an element that failed or timed out may succeed after it; a draining server
/// says 0 (ask again, another replica answers the same session alike).
public struct SkeletonClientError: Error, Sendable, Equatable {
    public let status: Int
    public let problem: Problem?
    public let retryAfter: Duration?

    /// Whether asking again can succeed: the problem says so, or the response says when.
    public var isRetryable: Bool { problem?.retryable ?? (retryAfter != nil) }
}

/// A document written in a later format than this client reads (its `formatVersion` is higher):
/// a later version may have changed what members mean, so the client stops rather than guess.
public struct UnsupportedFormatVersion: Error, Sendable, Equatable {
    public let version: Int
    public let supported: Int
}
