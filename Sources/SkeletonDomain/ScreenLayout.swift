import Layouts

/// One variant of a screen: its skeleton tree, the stages and elements the tree is bound to,
/// and what this layout assumes beyond the seeds.
///
/// Guarantees, checked at construction: every element's node appears exactly once in the tree,
/// repeats expanded (never inside one), and element ids are unique; once part of a `Screen`,
/// every element's stage is one of `stages`, which are the screen's stages its elements are bound to.
package struct ScreenLayout: Sendable {
    package let variant: String
    /// Empty until the layout is part of a `Screen`.
    package private(set) var stages: [Stage] = []
    package let elements: [Element]
    package let root: Node
    package let assumptions: [String]

    package init(variant: String, elements: [Element], root: Node, assumptions: [String]) {
        precondition(Set(elements.map(\.id)).count == elements.count, "\(variant): two elements share an id")
        let idCounts = root.expandedIDCounts()
        for element in elements {
            precondition(
                idCounts[element.id] == 1,
                "\(variant): element \(element.id) appears \(idCounts[element.id] ?? 0) times in the tree once repeats are expanded")
        }
        self.variant = variant
        self.elements = elements
        self.root = root
        self.assumptions = assumptions
    }

    /// This layout with `stages` narrowed to those of `screenStages` its elements are bound to.
    func bound(to screenStages: [Stage]) -> ScreenLayout {
        for element in elements {
            precondition(
                screenStages.contains { $0.id == element.stage },
                "\(variant): element \(element.id) names unknown stage \(element.stage)")
        }
        var layout = self
        layout.stages = screenStages.filter { stage in elements.contains { $0.stage == stage.id } }
        return layout
    }
}
