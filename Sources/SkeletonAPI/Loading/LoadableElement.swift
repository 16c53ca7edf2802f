import Layouts
import SkeletonDomain

/// An element `/data` answers for, resolved against its screen once, at start-up: the element,
/// and where its stage and that stage's anchor sit among the screen's stages (and so among any
/// of its schedules' `outcomes`), so that a request finds its stage by index, not by name.
struct LoadableElement: Sendable {
    let element: Element
    /// The element's stage's index in the screen's `stages`.
    let stageIndex: Int
    /// The element's stage's timing: whether it counts from its anchor depends on the scenario.
    let stageTiming: StageTiming
    /// The index of the stage the element's stage counts from, if any.
    let anchorIndex: Int?

    var id: String { element.id }

    /// `element` of `screen`. `Screen` checks at construction that every element's stage, and
    /// every stage's anchor, is one of its stages: a failure here is a bug, found at start-up.
    init(_ element: Element, of screen: Screen) {
        guard let stageIndex = screen.stages.firstIndex(where: { $0.id == element.stage }) else {
            preconditionFailure("screen \(screen.id): element \(element.id) names no stage \(element.stage)")
        }
        let timing = screen.stages[stageIndex].timing
        var anchorIndex: Int?
        if let anchor = timing.anchor {
            guard let index = screen.stages.firstIndex(where: { $0.id == anchor }) else {
                preconditionFailure("screen \(screen.id): stage \(element.stage) counts from \(anchor), which is not one of its stages")
            }
            anchorIndex = index
        }
        self.element = element
        self.stageIndex = stageIndex
        self.stageTiming = timing
        self.anchorIndex = anchorIndex
    }
}
