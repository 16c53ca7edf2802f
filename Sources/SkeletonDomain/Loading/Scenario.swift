/// How a simulated load behaves (docs/spec.md §5). The raw values are the `scenario` query values and
/// are part of the generator's seed, so renaming one changes its schedules.
package enum Scenario: String, CaseIterable, Sendable {
    case typical
    case instant
    case slow
    case timeout
    case error

    /// One sentence for `GET /scenarios`.
    package var summary: String {
        switch self {
        case .typical: "Every stage becomes ready at a time drawn from its typical range."
        case .instant: "Every stage is ready within 20 ms, so the minimum display time decides when content shows."
        case .slow: "Every range is four times as long; a stage drawn past the timeout fails with code timeout."
        case .timeout: "The last stage never arrives: its elements fail with code timeout at the timeout."
        case .error: "One stage, chosen by the seed, fails with code error (retryable) at its drawn time."
        }
    }
}
