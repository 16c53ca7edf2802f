/// An animation timing curve, written as docs/spec.md §3's curve object:
/// `{"type": "spring", "responseMs": 400, "dampingFraction": 0.825}` or
/// `{"type": "easeInOut", "durationMs": 300}`.
public enum Curve: Sendable, Equatable {
    public enum Easing: String, Sendable {
        case linear
        case easeIn
        case easeOut
        case easeInOut
    }

    case spring(responseMs: Int, dampingFraction: Double)
    case eased(Easing, durationMs: Int)

    /// How long the curve takes to (all but) settle, in ms: a spring's response, else its duration.
    public var settlesAfterMs: Int {
        switch self {
        case .spring(let responseMs, _): responseMs
        case .eased(_, let durationMs): durationMs
        }
    }
}
