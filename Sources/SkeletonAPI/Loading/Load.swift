import SkeletonDomain

/// A load `LoadingSessions` serves: its token, started or opened by that service, and the screen
/// it is a load of (`screen.id == token.screen`). A few words: what a long poll, an event stream
/// or a verified-token cache keeps of a load, rather than its schedule.
struct Load: Sendable {
    let token: SessionToken
    let screen: LoadableScreen
}
