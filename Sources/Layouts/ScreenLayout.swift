/// One variant of a screen: its skeleton tree, the stages and elements the tree is bound to,
/// and what this layout assumes beyond the seeds.
///
/// Guarantees, checked at construction: every element's node appears exactly once in the tree
/// (repeats unexpanded), and every element's stage is one of `stages`.
public struct ScreenLayout: Sendable {
    public let variant: String
    public let stages: [Stage]
    public let elements: [Element]
    public let root: Node
    public let assumptions: [String]

    public init(variant: String, stages: [Stage], elements: [Element], root: Node, assumptions: [String]) {
        var idCounts: [String: Int] = [:]
        root.forEach { node in
            if let id = node.id { idCounts[id, default: 0] += 1 }
        }
        for element in elements {
            precondition(
                idCounts[element.id] == 1,
                "\(variant): element \(element.id) appears \(idCounts[element.id] ?? 0) times in the tree")
            precondition(
                stages.contains { $0.id == element.stage },
                "\(variant): element \(element.id) names unknown stage \(element.stage)")
        }
        self.variant = variant
        self.stages = stages
        self.elements = elements
        self.root = root
        self.assumptions = assumptions
    }
}
