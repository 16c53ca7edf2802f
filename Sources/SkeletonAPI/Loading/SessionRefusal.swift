import SkeletonDomain

/// Why `LoadingSessions` does not follow a session token.
enum SessionRefusal: Error, Equatable {
    /// The token does not open here: malformed, another secret's or altered, expired, started
    /// too far ahead, or of a screen this service does not serve.
    case unopened(SessionTokenError)
    /// The token opens, but is a load of `screen`, where a request about `asked` gave it.
    case otherScreen(String, asked: String)
}
