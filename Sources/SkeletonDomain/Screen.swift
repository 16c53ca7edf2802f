import Layouts

/// A screen whose loading state the service describes: its identity, the animation of its app
/// family, its stages with their timings, and one layout per variant, the first being
/// `"default"`. `elements` are the default layout's: the ones the loading simulation drives.
/// Built-in screens and screen files (`ScreenFile`) make the same values.
///
/// Guarantees, checked at construction: variants are unique, the first is `default`; every stage
/// that counts from another counts from an earlier one; every layout keeps to
/// `maxConcurrentShimmers`; each layout's `stages` are the screen's stages its elements are bound
/// to, in `stages` order.
package struct Screen: Sendable {
    package let id: String
    package let title: String
    /// The app and view the skeleton mirrors.
    package let source: String
    /// What the whole screen assumes beyond its sources; listed first in its documents.
    package let assumptions: [String]
    package let animation: AnimationPreset
    /// At most this many `shimmer: true` nodes per document; nil for no limit.
    package let maxConcurrentShimmers: Int?
    /// The width in points the screen was captured at, if it was captured from a page: where a
    /// preview starts.
    package let captureWidth: Int?
    package let layouts: [ScreenLayout]
    package let variants: [String]
    package let stages: [Stage]
    package let elements: [Element]

    package init(
        id: String, title: String, source: String, assumptions: [String], animation: AnimationPreset,
        maxConcurrentShimmers: Int? = nil, captureWidth: Int? = nil, stages: [Stage], layouts: [ScreenLayout]
    ) {
        precondition(layouts.first?.variant == "default", "screen \(id): the first layout must be the default")
        for (index, stage) in stages.enumerated() {
            if let anchor = stage.timing.anchor {
                precondition(
                    stages[..<index].contains { $0.id == anchor },
                    "screen \(id): stage \(stage.id) counts from \(anchor), which does not precede it")
            }
        }
        precondition(
            Set(layouts.map(\.variant)).count == layouts.count, "screen \(id): two layouts share a variant")
        if let maxConcurrentShimmers {
            for layout in layouts {
                let shimmers = layout.root.expandedCount(\.startsShimmer)
                precondition(
                    shimmers <= maxConcurrentShimmers,
                    "screen \(id) \(layout.variant): \(shimmers) shimmers, at most \(maxConcurrentShimmers)")
            }
        }
        self.id = id
        self.title = title
        self.source = source
        self.assumptions = assumptions
        self.animation = animation
        self.maxConcurrentShimmers = maxConcurrentShimmers
        self.captureWidth = captureWidth
        self.layouts = layouts.map { $0.bound(to: stages) }
        self.variants = layouts.map(\.variant)
        self.stages = stages
        self.elements = layouts[0].elements
    }

    package func layout(_ variant: String) -> ScreenLayout? {
        layouts.first { $0.variant == variant }
    }
}

/// A point in a screen's loading at which some of its elements become ready, and when.
package struct Stage: Sendable, Equatable {
    package let id: String
    package let title: String
    package let timing: StageTiming

    package init(id: String, title: String, timing: StageTiming) {
        self.id = id
        self.title = title
        self.timing = timing
    }
}
