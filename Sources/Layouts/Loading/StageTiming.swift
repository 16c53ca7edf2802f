/// When a stage typically becomes ready (SPEC §5): a range of milliseconds, counted from the
/// start of the load or from another stage's time.
///
/// Guarantees: `table` gives a timing for every stage of every built-in screen, and an anchor
/// stage always comes earlier in its screen's `stages`, so drawing in `stages` order always
/// knows the anchor's time.
public struct StageTiming: Sendable, Equatable {
    /// Inclusive, in milliseconds.
    public let range: ClosedRange<Int>
    /// The stage whose time `range` counts from; nil for the start of the load.
    public let anchor: String?

    init(_ range: ClosedRange<Int>, after anchor: String? = nil) {
        precondition(range.lowerBound >= 0, "a stage cannot be ready before the load starts")
        self.range = range
        self.anchor = anchor
    }

    /// By screen id, then stage id. Home's ranges are seed 003's ("~50ms", "~1-3s"); the rest are
    /// assumed (SPEC §5).
    public static let table: [String: [String: StageTiming]] = [
        "home": ["fastPath": StageTiming(30...80), "fullyInitialized": StageTiming(1000...3000)],
        "insights": ["insightsLoaded": StageTiming(400...1200)],
        "inbox": ["conversations": StageTiming(300...1500)],
        "thread": ["messages": StageTiming(200...1000)],
        "movies": [
            "trending": StageTiming(300...900),
            "popular": StageTiming(400...1200),
            "poster[0]": StageTiming(100...1500, after: "popular"),
            "poster[1]": StageTiming(100...1500, after: "popular"),
            "poster[2]": StageTiming(100...1500, after: "popular"),
            "poster[3]": StageTiming(100...1500, after: "popular"),
            "poster[4]": StageTiming(100...1500, after: "popular"),
            "poster[5]": StageTiming(100...1500, after: "popular"),
        ],
    ]

    /// The timings of `screen`'s stages, in `stages` order. A stage with no timing, or anchored to
    /// a stage that does not precede it, is a programming error and stops the process naming it.
    public static func `for`(screen: Screen) -> [StageTiming] {
        let timings = table[screen.id] ?? [:]
        return screen.stages.enumerated().map { index, stage in
            guard let timing = timings[stage.id] else {
                preconditionFailure("screen \(screen.id): stage \(stage.id) has no timing in StageTiming.table")
            }
            if let anchor = timing.anchor {
                precondition(
                    screen.stages[..<index].contains { $0.id == anchor },
                    "screen \(screen.id): stage \(stage.id) counts from \(anchor), which does not precede it")
            }
            return timing
        }
    }
}
