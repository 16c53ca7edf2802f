import Layouts

/// The checks on a decoded layout tree that need the whole tree: each element on exactly one
/// node once repeats are expanded (the renderer, the frames and the loading know one node an
/// element), the shimmer groups within `maxConcurrentShimmers` and the expanded size within bounds.
/// Reports at the layout's `root` or `elements`; true when the tree passes.
enum TreeCheck {
    static func passes(root: Node, elements: [Element], limit: Int?, at pointer: String, reader: inout ValueReader) -> Bool {
        var passes = true
        var idCounts: [String: Int] = [:]
        root.forEach { node in
            if let id = node.id { idCounts[id, default: 0] += 1 }
        }
        let expandedCounts = root.expandedIDCounts()
        for (index, element) in elements.enumerated() where expandedCounts[element.id] != 1 {
            let count = idCounts[element.id] ?? 0, expanded = expandedCounts[element.id] ?? 0
            let problem = switch count {
            case 0: "element \"\(element.id)\" is on no node of root"
            case 1: "element \"\(element.id)\" is on a node inside a repeat, which stands for \(expanded) nodes once expanded; "
                + "an element must be on exactly one: put its id on a stack around the repeat"
            default: "element \"\(element.id)\" is the id of \(count) nodes; it must be on exactly one"
            }
            reader.report(pointer + "/elements/\(index)/id", problem)
            passes = false
        }
        let nodes = root.expandedCount { _ in true }
        if nodes > ScreenFileLimits.maxExpandedNodes {
            reader.report(pointer + "/root", "\(nodes) nodes once repeats are expanded; at most \(ScreenFileLimits.maxExpandedNodes)")
            passes = false
        }
        if let limit {
            let shimmers = root.expandedCount(\.startsShimmer)
            if shimmers > limit {
                reader.report(pointer + "/root", "\(shimmers) shimmer groups once repeats are expanded; maxConcurrentShimmers is \(limit)")
                passes = false
            }
        }
        return passes
    }
}
