import Foundation

/// A response the client could not turn into what was asked for: a problem the server
/// explained (`problem`), or a status it did not expect with no problem document.
///
/// `retryAfter` is the response's `Retry-After` (whole seconds), when it has one: a `/data`
/// request for an element that failed or timed out may succeed after it; a draining server
/// says 0 (ask again, another replica answers the same session alike).
///
/// Guarantees: its `errorDescription` (so `localizedDescription`) says what the server said:
/// the problem's title and detail, or the status when there is no problem.
public struct SkeletonClientError: LocalizedError, Sendable, Equatable {
    public let status: Int
    public let problem: Problem?
    public let retryAfter: Duration?

    /// Whether asking again can succeed: the problem says so, or the response says when.
    public var isRetryable: Bool { problem?.retryable ?? (retryAfter != nil) }

    public var errorDescription: String? {
        guard let problem else { return "skeleton-server answered HTTP \(status) with no problem document" }
        return "\(problem.title) (HTTP \(status)): \(problem.detail)"
    }
}

/// A document written in a later format than this client reads (its `formatVersion` is higher):
/// a later version may have changed what members mean, so the client stops rather than guess.
public struct UnsupportedFormatVersion: LocalizedError, Sendable, Equatable {
    public let version: Int
    public let supported: Int

    public var errorDescription: String? {
        "a document of format version \(version), later than the \(supported) this client reads: update SkeletonClient"
    }
}
