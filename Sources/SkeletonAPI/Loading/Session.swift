import SkeletonDomain

/// A load followed while its request is handled: the load, its token's text and its schedule.
/// What outlives the request (a long poll, a stream, a held data request) keeps the `Load`, not
/// this: a schedule of a seed of its own is kilobytes.
struct Session {
    let load: Load
    /// The token as the client sent it, or as it was sealed for a load started now.
    let text: String
    let schedule: Schedule

    var token: SessionToken { load.token }
}
