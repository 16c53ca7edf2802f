/// When a stage typically becomes ready (docs/spec.md §5): a range of milliseconds, counted from the
/// start of the load or from an earlier stage's time, and the ranges a scenario uses instead.
///
/// Guarantees: every range is non-empty and starts at 0 or later; `range(for:)` is what the
/// schedule draws from in each scenario.
package struct StageTiming: Sendable, Equatable {
    /// Inclusive, in milliseconds: the `typical` range, from which `timeout` and `error` draw too.
    package let range: ClosedRange<Int>
    /// The stage whose time `range` counts from; nil for the start of the load.
    package let anchor: String?
    /// Ranges given for particular scenarios, replacing the derived ones (`instant` 0...20 from
    /// the start, `slow` both ends times 4).
    package let overrides: [Scenario: ClosedRange<Int>]

    package init(_ range: ClosedRange<Int>, after anchor: String? = nil, overrides: [Scenario: ClosedRange<Int>] = [:]) {
        precondition(range.lowerBound >= 0, "a stage cannot be ready before the load starts")
        precondition(overrides.values.allSatisfy { $0.lowerBound >= 0 }, "a stage cannot be ready before the load starts")
        self.range = range
        self.anchor = anchor
        self.overrides = overrides
    }

    /// The range `scenario` draws from, and whether it counts from the anchor (`instant` never does).
    package func range(for scenario: Scenario) -> (range: ClosedRange<Int>, countsFromAnchor: Bool) {
        let countsFromAnchor = scenario != .instant
        if let override = overrides[scenario] { return (override, countsFromAnchor) }
        switch scenario {
        case .instant: return (0...20, false)
        case .slow: return ((range.lowerBound * 4)...(range.upperBound * 4), true)
        case .typical, .timeout, .error: return (range, true)
        }
    }
}
