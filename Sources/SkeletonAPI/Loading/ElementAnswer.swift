import SkeletonDomain

/// What a request for an element's data gets once the element's stage has ended
/// (`LoadingSessions.answer(for:atEpochMs:)`).
enum ElementAnswer: Equatable {
    /// The element's data: its stage is ready, or failed `retryAfterFailureMs` (virtual) ago or more.
    case data
    /// Its stage's failure at `atMs` (virtual ms of the load); asked again `retryInMs` wall-clock ms
    /// later, the element gets its data.
    case failure(atMs: Int, Schedule.Failure, retryInMs: Int)
}
