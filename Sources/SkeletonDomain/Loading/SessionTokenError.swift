/// Why a session token does not open. Each case's `description` is a sentence for the client
/// (a 400 problem's `detail`); none discloses the secret or the expected tag.
package enum SessionTokenError: Error, Equatable, CustomStringConvertible {
    /// Not two base64url parts with a 16-byte tag, or not a payload this server writes.
    case malformed
    /// The tag does not match the payload: altered, truncated, or sealed with another secret.
    case badTag
    case unknownScreen(String)
    /// The screen is served, but no longer has the session's layout variant.
    case unknownVariant(String, screen: String)
    case unknownScenario(String)
    case seedOutOfRange(Int)
    case speedOutOfRange(thousandths: Int)
    /// The start is more than `SessionToken.maximumClockSkewMs` ahead of this server's clock.
    case startInFuture
    /// The start is more than `SessionToken.maximumAgeMs` ago.
    case expired

    package var description: String {
        switch self {
        case .malformed:
            "the session token is malformed: it is not a token this server issues"
        case .badTag:
            "the session token's integrity tag does not match: it was altered, truncated or sealed with another secret"
        case .unknownScreen(let screen):
            "the session's screen \(screen) is no longer served"
        case .unknownVariant(let variant, let screen):
            "the session's variant \(variant) of screen \(screen) is no longer served"
        case .unknownScenario(let scenario):
            "the session's scenario \(scenario) is unknown"
        case .seedOutOfRange(let seed):
            "the session's seed \(seed) is outside 0...\(Schedule.seedRange.upperBound)"
        case .speedOutOfRange(let thousandths):
            "the session's speed \(Double(thousandths) / 1000) is outside 0.1...100"
        case .startInFuture:
            "the session starts more than \(SessionToken.maximumClockSkewMs / 1000) s in the future: is this server's clock behind?"
        case .expired:
            "the session started more than \(SessionToken.maximumAgeMs / 3_600_000) h ago: start a new one"
        }
    }
}
